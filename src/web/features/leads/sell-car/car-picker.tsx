import type { ValuationCatalogue } from '@contract/valuations';
import { FormField, Input, Select } from '../../../components/form-field';

/** The level from which the seller typed their car instead of choosing it ("Xe khác"), or none. */
export type TypedFrom = '' | 'brand' | 'model' | 'version';

export interface PickedCar {
  brand: string;
  model: string;
  version: string;
  typed: TypedFrom;
}

/** The select value meaning "not in the list: I type it". */
const OTHER = '__other';
const LEVELS = ['brand', 'model', 'version'] as const;
type Level = (typeof LEVELS)[number];

const LABELS: Record<Level, { select: string; other: string; typed: string; free: string }> = {
  brand: { select: 'Hãng xe', other: 'Xe khác (nhập tay)', typed: 'Tên hãng xe', free: 'Hãng xe' },
  model: { select: 'Dòng xe', other: 'Dòng khác (nhập tay)', typed: 'Tên dòng xe', free: 'Dòng xe' },
  version: {
    select: 'Phiên bản',
    other: 'Phiên bản khác (nhập tay)',
    typed: 'Tên phiên bản',
    free: 'Phiên bản',
  },
};
const PLACEHOLDERS: Record<Level, string> = {
  brand: 'Ví dụ: Chevrolet',
  model: 'Ví dụ: Colorado',
  version: 'Ví dụ: LTZ 2.8 4x4 AT',
};
const MAX: Record<Level, number> = { brand: 60, model: 80, version: 120 };

/**
 * Brand, model and version: chosen from what the engine has prices for (GET /api/valuations/catalogue),
 * or typed when the car is not there: "Xe khác" at the brand, "Dòng khác" at the model, "Phiên bản khác"
 * at the version. Below a typed level every level is typed. A typed car the engine does not know is
 * still sent: the showroom values it by hand.
 */
export function CarPicker({
  ids,
  car,
  catalogue,
  loading,
  errors,
  onChange,
}: {
  ids: string;
  car: PickedCar;
  catalogue: ValuationCatalogue | undefined;
  loading: boolean;
  errors: Record<string, string>;
  onChange: (patch: PickedCar) => void;
}) {
  const brands = catalogue?.brands ?? [];
  const models = car.typed ? [] : (brands.find((b) => b.brand === car.brand)?.models ?? []);
  const versions = car.typed ? [] : (models.find((m) => m.model === car.model)?.versions ?? []);
  const options: Record<Level, string[]> = {
    brand: brands.map((b) => b.brand),
    model: models.map((m) => m.model),
    version: versions.map((v) => v.version),
  };
  const typedAt = car.typed ? LEVELS.indexOf(car.typed) : LEVELS.length;
  const below = (level: Level) => LEVELS.slice(LEVELS.indexOf(level) + 1);
  const cleared = (level: Level) =>
    Object.fromEntries(below(level).map((l) => [l, ''])) as Partial<PickedCar>;

  function choose(level: Level, value: string) {
    const at = LEVELS.indexOf(level);
    if (value === OTHER) onChange({ ...car, [level]: '', ...cleared(level), typed: level });
    else
      onChange({
        ...car,
        [level]: value,
        ...cleared(level),
        // Back to the list at this level: what was typed at or below it goes.
        typed: typedAt >= at ? '' : car.typed,
      });
  }

  return LEVELS.map((level, i) => {
    const id = `${ids}-${level}`;
    const required = level !== 'version';
    const hint = level === 'version' ? 'Không bắt buộc' : undefined;
    const typedInput = (label: string) => (
      <FormField
        key={`${level}-typed`}
        label={label}
        htmlFor={id}
        required={required}
        hint={hint}
        error={errors[level]}
      >
        <Input
          id={id}
          value={car[level]}
          maxLength={MAX[level]}
          placeholder={PLACEHOLDERS[level]}
          onChange={(e) => onChange({ ...car, [level]: e.target.value })}
        />
      </FormField>
    );
    // Below a typed level: typed too, no list.
    if (i > typedAt) return typedInput(LABELS[level].free);
    const selectId = i === typedAt ? `${id}-choice` : id;
    const select = (
      <FormField
        key={`${level}-choice`}
        label={LABELS[level].select}
        htmlFor={selectId}
        required={required}
        hint={
          level === 'brand' && i !== typedAt
            ? 'Không thấy xe của bạn? Chọn “Xe khác (nhập tay)”'
            : i === typedAt
              ? undefined
              : hint
        }
        error={i === typedAt ? undefined : errors[level]}
      >
        <Select
          id={selectId}
          value={i === typedAt ? OTHER : car[level]}
          disabled={level !== 'brand' && !car[LEVELS[i - 1]]}
          onChange={(e) => choose(level, e.target.value)}
        >
          <option value="">
            {level === 'brand'
              ? loading
                ? 'Đang tải…'
                : 'Chọn hãng'
              : level === 'model'
                ? 'Chọn dòng xe'
                : 'Không rõ'}
          </option>
          {options[level].map((o) => (
            <option key={o}>{o}</option>
          ))}
          <option value={OTHER}>{LABELS[level].other}</option>
        </Select>
      </FormField>
    );
    if (i < typedAt) return select;
    // The typed name in the next cell of the form's grid, so the fields flow without gaps.
    return [select, typedInput(LABELS[level].typed)];
  });
}
