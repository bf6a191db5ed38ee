import { FUEL_LABELS, FUELS, MIN_CAR_YEAR, TRANSMISSION_LABELS, TRANSMISSIONS } from '@contract/cars-labels';
import type { ApiErrorBody } from '@contract/common';
import { yearRange } from '@contract/format';
import type { ValuationCatalogue, ValuationView } from '@contract/valuations';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Input, Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { ApiError, api, errorMessage } from '../../../lib/api-client';
import { CarPicker, type PickedCar } from './car-picker';

/** The car as the seller describes it: what the valuation and the lead both take. */
export interface SellerCar extends PickedCar {
  year: string;
  odometer: number | null;
  transmission: string;
  fuel: string;
  province: string;
  owners: string;
  accident: '' | 'yes' | 'no';
  flood: '' | 'yes' | 'no';
  serviceHistory: '' | 'yes' | 'no';
}

/** Suggestions for the province field (any may be typed); kept here so this page loads no schema code. */
const COMMON_PROVINCES = [
  'Hà Nội',
  'TP. Hồ Chí Minh',
  'Đà Nẵng',
  'Hải Phòng',
  'Cần Thơ',
  'Bình Dương',
  'Đồng Nai',
  'Khánh Hòa',
];

export const EMPTY_SELLER_CAR: SellerCar = {
  brand: '',
  model: '',
  version: '',
  typed: '',
  year: '',
  odometer: null,
  transmission: '',
  fuel: '',
  province: '',
  owners: '',
  accident: '',
  flood: '',
  serviceHistory: '',
};

const answer = (v: '' | 'yes' | 'no') => (v === '' ? undefined : v === 'yes');

/** The seller's car as the valuation engine and the purchase form take it. */
export function carPayload(c: SellerCar) {
  return {
    brand: c.brand.trim(),
    model: c.model.trim(),
    version: c.version.trim() || undefined,
    year: c.year ? Number(c.year) : undefined,
    odo: c.odometer ?? undefined,
    transmission: c.transmission || undefined,
    fuel: c.fuel || undefined,
    province: c.province || undefined,
    owners: c.owners ? Number(c.owners) : undefined,
    accident: answer(c.accident),
    flood: answer(c.flood),
    serviceHistory: answer(c.serviceHistory),
  };
}

export type ValuationOutcome =
  | { kind: 'value'; valuation: ValuationView }
  | { kind: 'manual'; message: string; detail?: string; hotline: string | null };

function YesNo({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: '' | 'yes' | 'no';
  onChange: (v: '' | 'yes' | 'no') => void;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex gap-2">
        {(['no', 'yes'] as const).map((v) => (
          <label
            key={v}
            htmlFor={`${id}-${v}`}
            className="flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 text-sm ring-1 ring-slate-300 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
          >
            <input
              id={`${id}-${v}`}
              type="radio"
              name={id}
              className="size-4 accent-brand-600"
              checked={value === v}
              onChange={() => onChange(v)}
            />
            {v === 'yes' ? 'Có' : 'Không'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The car and a few condition questions, then "Định giá": POST /api/valuations. Brands, models and
 * versions come from GET /api/valuations/catalogue (what the engine has prices for), or are typed
 * ("Xe khác"). The outcome, a figure or the offer of a valuation by a person (422), goes to `onOutcome`.
 */
export function CarValuationForm({
  car,
  onChange,
  onOutcome,
  submitLabel = 'Định giá xe',
}: {
  car: SellerCar;
  onChange: (car: SellerCar) => void;
  onOutcome: (outcome: ValuationOutcome | null) => void;
  submitLabel?: string;
}) {
  const ids = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const catalogue = useQuery({
    queryKey: ['valuation-catalogue'],
    queryFn: () => api<ValuationCatalogue>('valuations/catalogue'),
    staleTime: 10 * 60_000,
  });
  const value = useMutation({
    mutationFn: (body: unknown) => api<ValuationView>('valuations', { method: 'POST', body }),
    onSuccess: (valuation) => onOutcome({ kind: 'value', valuation }),
    onError: (err) => {
      const body = err instanceof ApiError ? (err.data as ApiErrorBody | undefined) : undefined;
      if (err instanceof ApiError && err.status === 422 && body?.manualValuation) {
        const { detail, hotline } = body.manualValuation;
        onOutcome({ kind: 'manual', message: body.message, detail, hotline });
      } else if (err instanceof ApiError && err.status === 400 && body?.errors) {
        setErrors(body.errors);
        onOutcome(null);
      } else onOutcome(null);
    },
  });
  const years = useMemo(() => yearRange(MIN_CAR_YEAR), []);
  const set = (patch: Partial<SellerCar>) => {
    onChange({ ...car, ...patch });
    onOutcome(null);
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!car.brand.trim())
      missing.brand = car.typed === 'brand' ? 'Vui lòng nhập hãng xe' : 'Vui lòng chọn hãng xe';
    if (!car.model.trim())
      missing.model =
        car.typed && car.typed !== 'version' ? 'Vui lòng nhập dòng xe' : 'Vui lòng chọn dòng xe';
    if (!car.year) missing.year = 'Vui lòng chọn năm sản xuất';
    if (car.odometer === null) missing.odo = 'Vui lòng nhập số km đã đi';
    setErrors(missing);
    if (Object.keys(missing).length) {
      document.getElementById(`${ids}-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    value.mutate(carPayload(car));
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Định giá xe">
      <div className="grid gap-4 sm:grid-cols-3">
        <CarPicker
          ids={ids}
          car={car}
          catalogue={catalogue.data}
          loading={catalogue.isPending}
          errors={errors}
          onChange={(picked) => set(picked)}
        />
        <FormField label="Năm sản xuất" htmlFor={`${ids}-year`} required error={errors.year}>
          <Select id={`${ids}-year`} value={car.year} onChange={(e) => set({ year: e.target.value })}>
            <option value="">Chọn năm</option>
            {years.map((y) => (
              <option key={y}>{y}</option>
            ))}
          </Select>
        </FormField>
        <FormField label="Số km đã đi" htmlFor={`${ids}-odo`} required error={errors.odo}>
          <NumberInput
            id={`${ids}-odo`}
            value={car.odometer}
            suffix="km"
            inputMode="numeric"
            onChange={(odometer) => set({ odometer })}
          />
        </FormField>
        <FormField label="Tỉnh/thành" htmlFor={`${ids}-province`} error={errors.province}>
          <Input
            id={`${ids}-province`}
            list={`${ids}-provinces`}
            value={car.province}
            maxLength={60}
            onChange={(e) => set({ province: e.target.value })}
          />
          <datalist id={`${ids}-provinces`}>
            {COMMON_PROVINCES.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </FormField>
        <FormField label="Hộp số" htmlFor={`${ids}-gear`}>
          <Select
            id={`${ids}-gear`}
            value={car.transmission}
            onChange={(e) => set({ transmission: e.target.value })}
          >
            <option value="">Không rõ</option>
            {TRANSMISSIONS.map((t) => (
              <option key={t} value={t}>
                {TRANSMISSION_LABELS[t]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Nhiên liệu" htmlFor={`${ids}-fuel`}>
          <Select id={`${ids}-fuel`} value={car.fuel} onChange={(e) => set({ fuel: e.target.value })}>
            <option value="">Không rõ</option>
            {FUELS.map((f) => (
              <option key={f} value={f}>
                {FUEL_LABELS[f]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Số đời chủ (kể cả bạn)" htmlFor={`${ids}-owners`}>
          <Select id={`${ids}-owners`} value={car.owners} onChange={(e) => set({ owners: e.target.value })}>
            <option value="">Không rõ</option>
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {n === 4 ? '4 trở lên' : n}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <YesNo
          id={`${ids}-acc`}
          label="Xe từng bị tai nạn?"
          value={car.accident}
          onChange={(accident) => set({ accident })}
        />
        <YesNo
          id={`${ids}-flood`}
          label="Xe từng bị ngập nước?"
          value={car.flood}
          onChange={(flood) => set({ flood })}
        />
        <YesNo
          id={`${ids}-svc`}
          label="Bảo dưỡng định kỳ tại hãng?"
          value={car.serviceHistory}
          onChange={(serviceHistory) => set({ serviceHistory })}
        />
      </div>
      <FormAlert>
        {value.isError && !(value.error instanceof ApiError && [400, 422].includes(value.error.status))
          ? errorMessage(value.error)
          : null}
      </FormAlert>
      <Button type="submit" loading={value.isPending} className="w-full sm:w-auto">
        <Gauge className="size-4" aria-hidden="true" />
        {submitLabel}
      </Button>
    </form>
  );
}
