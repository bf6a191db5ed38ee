import { testDriveForm } from '@contract/leads';
import { PAGE_TITLES } from '@contract/page-titles';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CarPicker } from '../components/car-picker';
import { ContactFields, LeadSubmit } from '../components/contact-fields';
import { FormSection, LeadSuccess } from '../components/form-parts';
import { LeadPageShell } from '../components/lead-page-shell';
import { SlotAlternatives } from '../components/slot-alternatives';
import { VisitTimeFields } from '../components/visit-time-fields';
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
  useDocumentTitle(PAGE_TITLES['/testdrive']);
  const [params] = useSearchParams();
  const preset = Number(params.get('carId'));
  const { form, onSubmit, receipt, formError, alternatives, chooseAlternative, pending, again } =
    useLeadForm<Values>('TEST_DRIVE', testDriveForm, {
      fullName: '',
      phone: '',
      email: '',
      carId: Number.isInteger(preset) && preset > 0 ? preset : '',
      preferredDate: '',
      timeSlot: '',
      note: '',
      website: '',
    });
  const { control } = form;
  const carId = useWatch({ control, name: 'carId' });

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
        <LeadSuccess receipt={receipt} againLabel="Đăng ký lái thử xe khác" onAgain={again}>
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
            <VisitTimeFields
              form={form}
              idPrefix="td"
              dateLabel="Ngày lái thử"
              slotRequired
              type="TEST_DRIVE"
              carId={typeof carId === 'number' ? carId : null}
            />
          </FormSection>

          <ContactFields
            form={form}
            idPrefix="td"
            title="3. Thông tin liên hệ"
            note={{ label: 'Ghi chú', placeholder: 'Ví dụ: muốn lái thử trên cao tốc, đi cùng gia đình...' }}
          />

          <LeadSubmit
            form={form}
            pending={pending}
            formError={formError}
            label="Đăng ký lái thử"
            note="Bằng việc gửi đăng ký, bạn đồng ý để showroom liên hệ qua số điện thoại đã cung cấp."
          >
            <SlotAlternatives choices={alternatives} onChoose={chooseAlternative} />
          </LeadSubmit>
        </form>
      )}
    </LeadPageShell>
  );
}
