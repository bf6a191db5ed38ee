import type { Fuel, Transmission } from '@contract/cars';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { type PricedCar, PriceSuggestion } from '../../valuations';
import type { CarFormValues } from '../form-schema';

/** The car form's market price help: the engine values what is typed so far (the car itself left out). */
export function PriceHelp({ form, carId }: { form: UseFormReturn<CarFormValues>; carId?: number }) {
  const [brand, model, version, year, odo, transmission, fuel, sellPrice] = useWatch({
    control: form.control,
    name: ['brand', 'model', 'version', 'year', 'odo', 'transmission', 'fuel', 'sellPrice'],
  });
  const y = Number(year);
  const car: PricedCar | null =
    brand.trim() && model.trim() && Number.isInteger(y) && y >= 1980 && odo !== null
      ? {
          brand: brand.trim(),
          model: model.trim(),
          version: version.trim(),
          year: y,
          odo,
          ...(transmission ? { transmission: transmission as Transmission } : {}),
          ...(fuel ? { fuel: fuel as Fuel } : {}),
          ...(carId ? { excludeCarId: carId } : {}),
        }
      : null;
  return (
    <PriceSuggestion
      car={car}
      currentPrice={sellPrice}
      onUse={(price) => form.setValue('sellPrice', price, { shouldDirty: true, shouldValidate: true })}
    />
  );
}
