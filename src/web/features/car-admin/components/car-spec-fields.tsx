import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  DRIVETRAIN_LABELS,
  DRIVETRAINS,
  FUEL_LABELS,
  FUELS,
  MIN_CAR_YEAR,
  ORIGIN_LABELS,
  ORIGINS,
  TRANSMISSION_LABELS,
  TRANSMISSIONS,
} from '@contract/cars';
import { yearRange } from '@contract/format';
import type { UseFormReturn } from 'react-hook-form';
import { FormField, Input } from '../../../components/form-field';
import { NumberField } from '../../../components/number-field';
import { SelectField } from '../../../components/select-field';
import { enumOptions } from '../../../lib/enum-options';
import { CAR_LIMITS, type CarFormValues } from '../form-schema';
import { Section } from './form-section';

const YEAR_OPTIONS = yearRange(MIN_CAR_YEAR + 10).map((y) => ({ value: y, label: String(y) }));

/** "Thông tin xe": what the car is (name, brand, model, year, body, seats, fuel, gearbox, origin). */
export function CarSpecFields({
  form,
  brandList,
}: {
  form: UseFormReturn<CarFormValues>;
  /** Id of the datalist of the brands already in stock. */
  brandList: string;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <Section title="Thông tin xe">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField
          label="Tên xe"
          htmlFor="car-name"
          error={errors.carName?.message}
          required
          className="sm:col-span-2 lg:col-span-3"
        >
          <Input
            id="car-name"
            maxLength={CAR_LIMITS.carName}
            placeholder="Ví dụ: Toyota Vios 1.5G CVT"
            {...register('carName')}
          />
        </FormField>
        <FormField label="Hãng xe" htmlFor="car-brand" error={errors.brand?.message} required>
          <Input
            id="car-brand"
            maxLength={CAR_LIMITS.brand}
            list={brandList}
            autoComplete="off"
            {...register('brand')}
          />
        </FormField>
        <FormField label="Dòng xe" htmlFor="car-model" error={errors.model?.message} required>
          <Input
            id="car-model"
            maxLength={CAR_LIMITS.model}
            placeholder="Ví dụ: Vios"
            {...register('model')}
          />
        </FormField>
        <FormField label="Phiên bản" htmlFor="car-version" error={errors.version?.message}>
          <Input
            id="car-version"
            maxLength={CAR_LIMITS.version}
            placeholder="Ví dụ: 1.5G CVT"
            {...register('version')}
          />
        </FormField>
        <SelectField
          label="Năm sản xuất"
          id="car-year"
          error={errors.year?.message}
          required
          placeholder="Chọn năm"
          options={YEAR_OPTIONS}
          {...register('year')}
        />
        <SelectField
          label="Kiểu dáng"
          id="car-body"
          error={errors.bodyType?.message}
          required
          placeholder="Chọn kiểu dáng"
          options={enumOptions(BODY_TYPES, BODY_TYPE_LABELS)}
          {...register('bodyType')}
        />
        <NumberField
          control={control}
          name="size"
          label="Số chỗ ngồi"
          id="car-size"
          error={errors.size?.message}
          required
          suffix="chỗ"
        />
        <SelectField
          label="Nhiên liệu"
          id="car-fuel"
          error={errors.fuel?.message}
          required
          placeholder="Chọn nhiên liệu"
          options={enumOptions(FUELS, FUEL_LABELS)}
          {...register('fuel')}
        />
        <SelectField
          label="Hộp số"
          id="car-gearbox"
          error={errors.transmission?.message}
          required
          placeholder="Chọn hộp số"
          options={enumOptions(TRANSMISSIONS, TRANSMISSION_LABELS)}
          {...register('transmission')}
        />
        <SelectField
          label="Dẫn động"
          id="car-drive"
          error={errors.drivetrain?.message}
          placeholder="Không rõ"
          options={enumOptions(DRIVETRAINS, DRIVETRAIN_LABELS)}
          {...register('drivetrain')}
        />
        <FormField label="Động cơ" htmlFor="car-engine" error={errors.engine?.message}>
          <Input
            id="car-engine"
            maxLength={CAR_LIMITS.engine}
            placeholder="Ví dụ: 1.5L"
            {...register('engine')}
          />
        </FormField>
        <SelectField
          label="Xuất xứ"
          id="car-origin"
          error={errors.origin?.message}
          required
          placeholder="Chọn xuất xứ"
          options={enumOptions(ORIGINS, ORIGIN_LABELS)}
          {...register('origin')}
        />
      </div>
    </Section>
  );
}
