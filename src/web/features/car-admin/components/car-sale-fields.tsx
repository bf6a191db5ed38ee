import { CAR_STATUS_LABELS } from '@contract/cars';
import { formatPrice } from '@contract/format';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { CountedTextarea } from '../../../components/char-count';
import { FormField, Input, Select } from '../../../components/form-field';
import { NumberField } from '../../../components/number-field';
import { PriceAgainstCost, useCarCosts } from '../../car-costs';
import { CAR_LIMITS, type CarFormValues } from '../form-schema';
import { FeaturesInput } from './features-input';
import { Section } from './form-section';
import { PriceHelp } from './price-help';

/** "Giá và tình trạng" and "Mô tả và tiện nghi" of the car form's "Thông tin" tab. */
export function CarSaleFields({
  form,
  extList,
  intList,
  sold,
  carId,
}: {
  form: UseFormReturn<CarFormValues>;
  extList: string;
  intList: string;
  sold: boolean;
  /** The saved car being edited (its own listing is left out of its suggested price). */
  carId?: number;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const sellPrice = useWatch({ control, name: 'sellPrice' });
  const costs = useCarCosts(carId ?? null, !sold);
  return (
    <>
      <Section title="Giá và tình trạng">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <NumberField
            control={control}
            name="sellPrice"
            label="Giá bán"
            id="car-price"
            error={errors.sellPrice?.message}
            required
            hint={sellPrice ? `Hiển thị: ${formatPrice(sellPrice)}` : 'Đơn vị: đồng'}
            suffix="VNĐ"
          />
          <NumberField
            control={control}
            name="odo"
            label="Số km đã đi"
            id="car-odo"
            error={errors.odo?.message}
            required
            suffix="km"
          />
          <NumberField
            control={control}
            name="previousOwners"
            label="Số chủ sở hữu trước"
            id="car-owners"
            error={errors.previousOwners?.message}
          />
          <FormField label="Màu ngoại thất" htmlFor="car-ext" error={errors.exteriorColor?.message} required>
            <Input
              id="car-ext"
              maxLength={CAR_LIMITS.exteriorColor}
              list={extList}
              autoComplete="off"
              {...register('exteriorColor')}
            />
          </FormField>
          <FormField label="Màu nội thất" htmlFor="car-int" error={errors.interiorColor?.message} required>
            <Input
              id="car-int"
              maxLength={CAR_LIMITS.interiorColor}
              list={intList}
              autoComplete="off"
              {...register('interiorColor')}
            />
          </FormField>
          <FormField
            label="Biển số (tỉnh/thành)"
            htmlFor="car-plate"
            error={errors.licensePlateRegion?.message}
          >
            <Input
              id="car-plate"
              maxLength={CAR_LIMITS.licensePlateRegion}
              placeholder="Ví dụ: Hà Nội"
              {...register('licensePlateRegion')}
            />
          </FormField>
          <FormField
            label="Trạng thái"
            htmlFor="car-status"
            error={errors.status?.message}
            hint={
              sold
                ? 'Xe đã bán: hủy giao dịch trong lịch sử bán hàng để bán lại.'
                : 'Ghi nhận bán bằng nút "Ghi nhận bán".'
            }
          >
            <Select id="car-status" disabled={sold} {...register('status')}>
              {sold ? <option value="">{CAR_STATUS_LABELS.sold}</option> : null}
              <option value="preparing">{CAR_STATUS_LABELS.preparing}</option>
              <option value="available">{CAR_STATUS_LABELS.available}</option>
              <option value="pending">{CAR_STATUS_LABELS.pending}</option>
            </Select>
          </FormField>
        </div>
        {sold ? null : (
          <div className="mt-4 space-y-3">
            <PriceAgainstCost
              trueCost={costs.data?.purchasePrice != null ? costs.data.trueCost : null}
              price={sellPrice}
            />
            <PriceHelp form={form} carId={carId} />
          </div>
        )}
      </Section>

      <Section title="Mô tả và tiện nghi">
        <div className="space-y-4">
          <FormField label="Mô tả" htmlFor="car-desc" error={errors.description?.message}>
            <CountedTextarea
              id="car-desc"
              rows={5}
              maxLength={CAR_LIMITS.description}
              {...register('description')}
            />
          </FormField>
          <FormField label="Tiện nghi" htmlFor="car-features" error={errors.features?.message}>
            <Controller
              control={control}
              name="features"
              render={({ field }) => (
                <FeaturesInput id="car-features" value={field.value} onChange={field.onChange} />
              )}
            />
          </FormField>
        </div>
      </Section>
    </>
  );
}
