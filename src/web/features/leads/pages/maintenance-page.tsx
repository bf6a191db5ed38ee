import { MIN_CAR_YEAR } from '@contract/cars-labels';
import { yearRange } from '@contract/format';
import {
  MAINTENANCE_SERVICE_LABELS,
  MAINTENANCE_SERVICE_TYPES,
  type MaintenanceServiceType,
  maintenanceForm,
  normalizePlate,
} from '@contract/leads';
import { PAGE_TITLES } from '@contract/page-titles';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { FormField, Input, Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ContactFields, LeadSubmit } from '../components/contact-fields';
import { ChoiceChips, FormSection, LeadSuccess } from '../components/form-parts';
import { LeadPageShell } from '../components/lead-page-shell';
import { SlotAlternatives } from '../components/slot-alternatives';
import { VisitTimeFields } from '../components/visit-time-fields';
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

/** /maintenance: book a service visit for the visitor's own car. */
export default function MaintenancePage() {
  useDocumentTitle(PAGE_TITLES['/maintenance']);
  const { form, onSubmit, receipt, formError, alternatives, chooseAlternative, pending, again } =
    useLeadForm<Values>('MAINTENANCE', maintenanceForm, {
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
    });
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const years = useMemo(() => yearRange(MIN_CAR_YEAR), []);

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
        <LeadSuccess receipt={receipt} againLabel="Đặt lịch cho xe khác" onAgain={again} />
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
            <VisitTimeFields
              form={form}
              idPrefix="mt"
              dateLabel="Ngày mang xe đến"
              slotRequired={false}
              type="MAINTENANCE"
            />
          </FormSection>

          <ContactFields
            form={form}
            idPrefix="mt"
            title="3. Thông tin liên hệ"
            note={{
              label: 'Mô tả tình trạng xe',
              placeholder: 'Ví dụ: đến kỳ bảo dưỡng 40.000 km, phanh có tiếng kêu...',
            }}
          />

          <LeadSubmit
            form={form}
            pending={pending}
            formError={formError}
            label="Đặt lịch bảo dưỡng"
            note="Showroom sẽ gọi xác nhận lịch hẹn trước khi bạn mang xe đến."
          >
            <SlotAlternatives choices={alternatives} onChoose={chooseAlternative} />
          </LeadSubmit>
        </form>
      )}
    </LeadPageShell>
  );
}
