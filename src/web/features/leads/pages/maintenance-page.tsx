import { MIN_CAR_YEAR } from '@contract/cars-labels';
import { yearRange } from '@contract/format';
import {
  bookingWindow,
  HONEYPOT_FIELD,
  MAINTENANCE_SERVICE_LABELS,
  MAINTENANCE_SERVICE_TYPES,
  type MaintenanceServiceType,
  maintenanceForm,
  normalizePlate,
  timeSlots,
} from '@contract/leads';
import { Send } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Input, Select, Textarea } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { useWebConfig } from '../../../lib/web-config';
import { dayHint, slotChoices } from '../components/form-helpers';
import { ChoiceChips, FormSection, Honeypot, LeadSuccess } from '../components/form-parts';
import { LeadPageShell } from '../components/lead-page-shell';
import { useLeadForm } from '../use-lead-form';

interface Values {
  fullName: string;
  phone: string;
  email: string;
  licencePlate: string;
  make: string;
  model: string;
  year: string;
  odometer: number | '';
  serviceType: MaintenanceServiceType | '';
  preferredDate: string;
  timeSlot: string;
  note: string;
  website: string;
  clientRequestId: string;
}

/** Makes common on Vietnamese roads, offered as suggestions (any make may be typed). */
const MAKES = [
  'Toyota',
  'Honda',
  'Hyundai',
  'Kia',
  'Mazda',
  'Mitsubishi',
  'Ford',
  'VinFast',
  'Suzuki',
  'Nissan',
  'Chevrolet',
  'Isuzu',
  'Peugeot',
  'Subaru',
  'Mercedes-Benz',
  'BMW',
  'Audi',
  'Lexus',
  'Volkswagen',
  'MG',
];

const ANY_TIME = 'ANY';

/** /maintenance: book a service visit for the visitor's own car. */
export default function MaintenancePage() {
  const { data: config } = useWebConfig();
  const { form, onSubmit, receipt, formError, pending, again } = useLeadForm<Values>(
    'MAINTENANCE',
    maintenanceForm,
    {
      fullName: '',
      phone: '',
      email: '',
      licencePlate: '',
      make: '',
      model: '',
      year: '',
      odometer: '',
      serviceType: '',
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
  const years = useMemo(() => yearRange(MIN_CAR_YEAR), []);
  const slots = useMemo(
    () => [
      { value: ANY_TIME, label: 'Giờ nào cũng được', disabled: false, wide: true },
      ...slotChoices(timeSlots(config?.openingHours), day),
    ],
    [config?.openingHours, day],
  );

  useEffect(() => {
    if (slot && slots.some((s) => s.value === slot && s.disabled)) setValue('timeSlot', '');
  }, [slot, slots, setValue]);

  const plate = register('licencePlate');

  return (
    <LeadPageShell
      eyebrow="Dịch vụ"
      title="Đặt lịch bảo dưỡng xe"
      intro="Bảo dưỡng định kỳ, sửa chữa, đồng sơn và kiểm tra tổng quát tại xưởng dịch vụ của showroom. Đặt lịch trước để không phải chờ."
      promises={[
        'Kỹ thuật viên nhiều kinh nghiệm, phụ tùng rõ nguồn gốc',
        'Báo giá trước khi làm, không phát sinh chi phí bất ngờ',
        'Nhận xe đúng hẹn, có phòng chờ cho khách',
      ]}
    >
      {receipt ? (
        <LeadSuccess
          receipt={receipt}
          againLabel="Đặt lịch cho xe khác"
          onAgain={() => {
            const { fullName, phone, email } = getValues();
            again({ fullName, phone, email });
          }}
        />
      ) : (
        <form noValidate onSubmit={onSubmit} className="relative space-y-7" aria-label="Đặt lịch bảo dưỡng">
          <FormSection title="1. Thông tin xe">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="Biển số xe"
                htmlFor="mt-plate"
                required
                error={errors.licencePlate?.message}
                hint="Ví dụ: 30A-123.45 hoặc 51G-12345"
              >
                <Input
                  id="mt-plate"
                  autoCapitalize="characters"
                  autoComplete="off"
                  className="uppercase placeholder:normal-case"
                  {...plate}
                  onBlur={(e) => {
                    const normal = normalizePlate(e.target.value);
                    if (normal) setValue('licencePlate', normal);
                    return plate.onBlur(e);
                  }}
                />
              </FormField>
              <FormField label="Hãng xe" htmlFor="mt-make" required error={errors.make?.message}>
                <Input id="mt-make" list="mt-makes" autoComplete="off" {...register('make')} />
              </FormField>
              <datalist id="mt-makes">
                {MAKES.map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
              <FormField label="Dòng xe" htmlFor="mt-model" required error={errors.model?.message}>
                <Input
                  id="mt-model"
                  placeholder="Ví dụ: Vios, CX-5, Ranger"
                  autoComplete="off"
                  {...register('model')}
                />
              </FormField>
              <FormField label="Năm sản xuất" htmlFor="mt-year" required error={errors.year?.message}>
                <Select id="mt-year" {...register('year')}>
                  <option value="">Chọn năm</option>
                  {years.map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </Select>
              </FormField>
              <Controller
                control={control}
                name="odometer"
                render={({ field, fieldState }) => (
                  <FormField label="Số km đã đi" htmlFor="mt-odo" required error={fieldState.error?.message}>
                    <NumberInput
                      id="mt-odo"
                      suffix="km"
                      ref={field.ref}
                      name={field.name}
                      value={field.value === '' ? null : Number(field.value)}
                      onChange={(v) => field.onChange(v ?? '')}
                      onBlur={field.onBlur}
                    />
                  </FormField>
                )}
              />
            </div>
          </FormSection>

          <FormSection title="2. Dịch vụ và lịch hẹn">
            <Controller
              control={control}
              name="serviceType"
              render={({ field, fieldState }) => (
                <ChoiceChips
                  id="mt-service"
                  legend="Loại dịch vụ"
                  name="serviceType"
                  required
                  columns="grid-cols-2 sm:grid-cols-3"
                  choices={MAINTENANCE_SERVICE_TYPES.map((t) => ({
                    value: t,
                    label: MAINTENANCE_SERVICE_LABELS[t],
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <FormField
              label="Ngày mang xe đến"
              htmlFor="mt-date"
              required
              error={errors.preferredDate?.message}
              hint={dayHint(day)}
            >
              <Input
                id="mt-date"
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
                  id="mt-slot"
                  legend="Khung giờ (không bắt buộc)"
                  name="timeSlot"
                  columns="grid-cols-4 sm:grid-cols-6"
                  compact
                  choices={slots}
                  value={field.value || ANY_TIME}
                  onChange={(v) => field.onChange(v === ANY_TIME ? '' : v)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </FormSection>

          <FormSection title="3. Thông tin liên hệ">
            <FormField label="Họ và tên" htmlFor="mt-name" required error={errors.fullName?.message}>
              <Input id="mt-name" autoComplete="name" {...register('fullName')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="Số điện thoại"
                htmlFor="mt-phone"
                required
                error={errors.phone?.message}
                hint="Ví dụ: 0901 234 567"
              >
                <Input id="mt-phone" type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} />
              </FormField>
              <FormField label="Email" htmlFor="mt-email" error={errors.email?.message} hint="Không bắt buộc">
                <Input
                  id="mt-email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  {...register('email')}
                />
              </FormField>
            </div>
            <FormField label="Mô tả tình trạng xe" htmlFor="mt-note" error={errors.note?.message}>
              <Textarea
                id="mt-note"
                rows={3}
                placeholder="Ví dụ: đến kỳ bảo dưỡng 40.000 km, phanh có tiếng kêu..."
                {...register('note')}
              />
            </FormField>
          </FormSection>

          <Honeypot {...register(HONEYPOT_FIELD as 'website')} />
          <FormAlert>{formError}</FormAlert>
          <div className="space-y-2">
            <Button type="submit" loading={pending} className="w-full text-base sm:w-auto sm:px-8">
              {!pending ? <Send className="size-4" aria-hidden="true" /> : null}
              Đặt lịch bảo dưỡng
            </Button>
            <p className="text-xs text-slate-500">
              Showroom sẽ gọi xác nhận lịch hẹn trước khi bạn mang xe đến.
            </p>
          </div>
        </form>
      )}
    </LeadPageShell>
  );
}
