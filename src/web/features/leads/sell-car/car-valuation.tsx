import { FUEL_LABELS, FUELS, MIN_CAR_YEAR, TRANSMISSION_LABELS, TRANSMISSIONS } from '@contract/cars-labels';
import type { ApiErrorBody } from '@contract/common';
import { formatKm, formatPrice, yearRange } from '@contract/format';
import type { ValuationCatalogue, ValuationView } from '@contract/valuations';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Input, Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { ApiError, api, errorMessage } from '../../../lib/api-client';

/** The car as the seller describes it: what the valuation and the lead both take. */
export interface SellerCar {
  brand: string;
  model: string;
  version: string;
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
    brand: c.brand,
    model: c.model,
    version: c.version || undefined,
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
  | { kind: 'manual'; message: string; hotline: string | null; consultingPath: string };

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
 * versions come from GET /api/valuations/catalogue (what the engine can value). The outcome, a figure or
 * the offer of a valuation by a person (422), goes to `onOutcome`.
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
        onOutcome({ kind: 'manual', message: body.message, ...body.manualValuation });
      } else if (err instanceof ApiError && err.status === 400 && body?.errors) {
        setErrors(body.errors);
        onOutcome(null);
      } else onOutcome(null);
    },
  });
  const brands = catalogue.data?.brands ?? [];
  const models = brands.find((b) => b.brand === car.brand)?.models ?? [];
  const versions = models.find((m) => m.model === car.model)?.versions ?? [];
  const years = useMemo(() => yearRange(MIN_CAR_YEAR), []);
  const set = (patch: Partial<SellerCar>) => {
    onChange({ ...car, ...patch });
    onOutcome(null);
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!car.brand) missing.brand = 'Vui lòng chọn hãng xe';
    if (!car.model) missing.model = 'Vui lòng chọn dòng xe';
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
        <FormField label="Hãng xe" htmlFor={`${ids}-brand`} required error={errors.brand}>
          <Select
            id={`${ids}-brand`}
            value={car.brand}
            onChange={(e) => set({ brand: e.target.value, model: '', version: '' })}
          >
            <option value="">{catalogue.isPending ? 'Đang tải…' : 'Chọn hãng'}</option>
            {brands.map((b) => (
              <option key={b.brand}>{b.brand}</option>
            ))}
          </Select>
        </FormField>
        <FormField label="Dòng xe" htmlFor={`${ids}-model`} required error={errors.model}>
          <Select
            id={`${ids}-model`}
            value={car.model}
            disabled={!car.brand}
            onChange={(e) => set({ model: e.target.value, version: '' })}
          >
            <option value="">Chọn dòng xe</option>
            {models.map((m) => (
              <option key={m.model}>{m.model}</option>
            ))}
          </Select>
        </FormField>
        <FormField label="Phiên bản" htmlFor={`${ids}-version`} hint="Không bắt buộc">
          <Select
            id={`${ids}-version`}
            value={car.version}
            disabled={!versions.length}
            onChange={(e) => set({ version: e.target.value })}
          >
            <option value="">Không rõ</option>
            {versions.map((v) => (
              <option key={v.version}>{v.version}</option>
            ))}
          </Select>
        </FormField>
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

/** The estimate, its range and confidence, and how it was reached; or the offer of a valuation by a person. */
export function ValuationResult({ outcome }: { outcome: ValuationOutcome }) {
  if (outcome.kind === 'manual')
    return (
      <div
        className="space-y-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
        role="status"
      >
        <p className="font-semibold">Chưa thể định giá tự động</p>
        <p>{outcome.message}</p>
        <p className="flex flex-wrap gap-3">
          <Link to={outcome.consultingPath} className="font-medium underline">
            Gửi yêu cầu định giá
          </Link>
          {outcome.hotline ? (
            <a href={`tel:${outcome.hotline}`} className="font-medium underline">
              Gọi {outcome.hotline}
            </a>
          ) : null}
        </p>
        <p>Bạn vẫn có thể gửi thông tin xe bên dưới: showroom sẽ định giá trực tiếp.</p>
      </div>
    );
  const v = outcome.valuation;
  return (
    <section
      className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      aria-label="Kết quả định giá"
      role="status"
    >
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Giá tham khảo</p>
      <p className="text-3xl font-bold text-brand-700">{formatPrice(v.estimate)}</p>
      <p className="text-sm text-slate-700">
        Khoảng giá: <strong>{formatPrice(v.low)}</strong> – <strong>{formatPrice(v.high)}</strong> · Độ tin
        cậy: <strong>{v.confidence}</strong>
      </p>
      {v.odometerNote ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {v.odometerNote}
        </p>
      ) : null}
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-slate-900">Cách tính giá này</summary>
        <div className="mt-2 space-y-2">
          <p>
            {v.basisLabel}: {v.comparables.count} xe so sánh. {v.fallback ?? ''}
          </p>
          <p>
            Xe điển hình: đời {v.reference.year}, {formatKm(v.reference.odo)}, giá{' '}
            {formatPrice(v.reference.price)}.
          </p>
          {v.adjustments.length ? (
            <ul className="space-y-1">
              {v.adjustments.map((a) => (
                <li key={a.label} className="flex justify-between gap-3">
                  <span>{a.label}</span>
                  <span className={a.amount < 0 ? 'text-red-700' : 'text-emerald-700'}>
                    {a.amount < 0 ? '−' : '+'}
                    {formatPrice(Math.abs(a.amount))}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </details>
      <p className="text-xs text-slate-500">{v.note}</p>
    </section>
  );
}
