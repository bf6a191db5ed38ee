import { bookingWindow, HONEYPOT_FIELD, testDriveForm, timeSlots } from '@contract/leads';
import { Send } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { FormAlert, FormField, Input, Textarea } from '../../../components/form-field';
import { useWebConfig } from '../../../lib/web-config';
import { CarPicker } from '../components/car-picker';
import { dayHint, slotChoices } from '../components/form-helpers';
import { ChoiceChips, FormSection, Honeypot, LeadSuccess } from '../components/form-parts';
import { LeadPageShell } from '../components/lead-page-shell';
import { useLeadForm } from '../use-lead-form';

interface Values {
  fullName: string;
  phone: string;
  email: string;
  carId: number | '';
  preferredDate: string;
  timeSlot: string;
  note: string;
  website: string;
  clientRequestId: string;
}

/** /testdrive: book a test drive; opened from a car page with ?carId= the car is already chosen. */
export default function TestDrivePage() {
  const [params] = useSearchParams();
  const preset = Number(params.get('carId'));
  const { data: config } = useWebConfig();
  const { form, onSubmit, receipt, formError, pending, again } = useLeadForm<Values>(
    'TEST_DRIVE',
    testDriveForm,
    {
      fullName: '',
      phone: '',
      email: '',
      carId: Number.isInteger(preset) && preset > 0 ? preset : '',
      preferredDate: '',
      timeSlot: '',
      note: '',
      website: '',
    },
  );
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const day = useWatch({ control, name: 'preferredDate' });
  const slot = useWatch({ control, name: 'timeSlot' });
  const range = useMemo(() => bookingWindow(), []);
  const slots = useMemo(() => slotChoices(timeSlots(config?.openingHours), day), [config?.openingHours, day]);

  // A slot that is no longer open on the newly chosen day is cleared.
  useEffect(() => {
    if (slot && slots.some((s) => s.value === slot && s.disabled)) setValue('timeSlot', '');
  }, [slot, slots, setValue]);

  return (
    <LeadPageShell
      eyebrow="Dịch vụ"
      title="Đăng ký lái thử"
      intro="Chọn xe, ngày và giờ phù hợp; nhân viên showroom sẽ gọi xác nhận và chuẩn bị xe sẵn sàng cho bạn."
      promises={[
        'Miễn phí lái thử, không ràng buộc mua xe',
        'Xe được kiểm tra và vệ sinh trước buổi lái thử',
        'Chuyên viên đi cùng, giải đáp mọi thắc mắc',
      ]}
    >
      {receipt ? (
        <LeadSuccess
          receipt={receipt}
          againLabel="Đăng ký lái thử xe khác"
          onAgain={() => {
            const { fullName, phone, email } = getValues();
            again({ fullName, phone, email });
          }}
        >
          <Link to="/cars" className={buttonClass('primary')}>
            Xem thêm xe
          </Link>
        </LeadSuccess>
      ) : (
        <form noValidate onSubmit={onSubmit} className="relative space-y-7" aria-label="Đăng ký lái thử">
          <FormSection title="1. Chọn xe">
            <Controller
              control={control}
              name="carId"
              render={({ field, fieldState }) => (
                <CarPicker
                  id="td-car"
                  label="Xe muốn lái thử"
                  required
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    field.onBlur();
                  }}
                  error={fieldState.error?.message}
                  inputRef={field.ref}
                />
              )}
            />
          </FormSection>

          <FormSection title="2. Chọn thời gian">
            <FormField
              label="Ngày lái thử"
              htmlFor="td-date"
              required
              error={errors.preferredDate?.message}
              hint={dayHint(day)}
            >
              <Input
                id="td-date"
                type="date"
                min={range.first}
                max={range.last}
                {...register('preferredDate')}
              />
            </FormField>
            <Controller
              control={control}
              name="timeSlot"
              render={({ field, fieldState }) => (
                <ChoiceChips
                  id="td-slot"
                  legend="Khung giờ"
                  name="timeSlot"
                  required
                  columns="grid-cols-4 sm:grid-cols-6"
                  compact
                  choices={slots}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </FormSection>

          <FormSection title="3. Thông tin liên hệ">
            <FormField label="Họ và tên" htmlFor="td-name" required error={errors.fullName?.message}>
              <Input id="td-name" autoComplete="name" {...register('fullName')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="Số điện thoại"
                htmlFor="td-phone"
                required
                error={errors.phone?.message}
                hint="Ví dụ: 0901 234 567"
              >
                <Input id="td-phone" type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} />
              </FormField>
              <FormField label="Email" htmlFor="td-email" error={errors.email?.message} hint="Không bắt buộc">
                <Input
                  id="td-email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  {...register('email')}
                />
              </FormField>
            </div>
            <FormField label="Ghi chú" htmlFor="td-note" error={errors.note?.message}>
              <Textarea
                id="td-note"
                rows={3}
                placeholder="Ví dụ: muốn lái thử trên cao tốc, đi cùng gia đình..."
                {...register('note')}
              />
            </FormField>
          </FormSection>

          <Honeypot {...register(HONEYPOT_FIELD as 'website')} />
          <FormAlert>{formError}</FormAlert>
          <div className="space-y-2">
            <Button type="submit" loading={pending} className="w-full text-base sm:w-auto sm:px-8">
              {!pending ? <Send className="size-4" aria-hidden="true" /> : null}
              Đăng ký lái thử
            </Button>
            <p className="text-xs text-slate-500">
              Bằng việc gửi đăng ký, bạn đồng ý để showroom liên hệ qua số điện thoại đã cung cấp.
            </p>
          </div>
        </form>
      )}
    </LeadPageShell>
  );
}
