import { type CarAdminDetail, type CarData, carInput } from '@contract/cars';
import { itemMaxLengthOf, maxLengths } from '@contract/limits';
import { z } from 'zod';

/** What the car form holds: numbers as number | null (NumberInput), choices as strings ('' = none). */
export interface CarFormValues {
  carName: string;
  brand: string;
  model: string;
  version: string;
  year: string;
  sellPrice: number | null;
  odo: number | null;
  bodyType: string;
  size: number | null;
  fuel: string;
  transmission: string;
  drivetrain: string;
  engine: string;
  exteriorColor: string;
  interiorColor: string;
  origin: string;
  licensePlateRegion: string;
  previousOwners: number | null;
  description: string;
  features: string[];
  status: string;
}

export const EMPTY_CAR: CarFormValues = {
  carName: '',
  brand: '',
  model: '',
  version: '',
  year: '',
  sellPrice: null,
  odo: null,
  bodyType: '',
  size: 5,
  fuel: '',
  transmission: '',
  drivetrain: '',
  engine: '',
  exteriorColor: '',
  interiorColor: '',
  origin: '',
  licensePlateRegion: '',
  previousOwners: 1,
  description: '',
  features: [],
  // A new car is prepared before it is sold: staff list it at once by choosing "Đang bán".
  status: 'preparing',
};

/** The longest text each field takes, from the contract the server checks (maxlength, counters). */
export const CAR_LIMITS: Record<string, number | undefined> = {
  ...maxLengths(carInput),
  feature: itemMaxLengthOf(carInput.shape.features),
};

const shape = carInput.shape;
// The contract's fields read numbers or strings; the form gives them a number or a chosen string.
const needNumber = (what: string, field: z.ZodType) =>
  z.number({ message: `Vui lòng nhập ${what}` }).pipe(field as z.ZodType<unknown, number>);
const needChoice = (what: string, field: z.ZodType) =>
  z
    .string()
    .min(1, { message: `Vui lòng chọn ${what}` })
    .pipe(field as z.ZodType<unknown, string>);
const blankTo = <T extends z.ZodType>(blank: unknown, field: T) =>
  z.preprocess((v) => (v === '' || v === null ? blank : v), field);

/**
 * The contract's carInput, with the form's empty values turned into "please enter / choose" messages
 * instead of the number and enumeration errors they would otherwise raise.
 */
export const carFormSchema = carInput.extend({
  year: needChoice('năm sản xuất', shape.year),
  sellPrice: needNumber('giá bán', shape.sellPrice),
  odo: needNumber('số km đã đi', shape.odo),
  size: needNumber('số chỗ ngồi', shape.size),
  bodyType: needChoice('kiểu dáng', shape.bodyType),
  fuel: needChoice('nhiên liệu', shape.fuel),
  transmission: needChoice('hộp số', shape.transmission),
  origin: needChoice('xuất xứ', shape.origin),
  drivetrain: blankTo(null, shape.drivetrain),
  previousOwners: blankTo(undefined, shape.previousOwners),
  status: blankTo(undefined, shape.status),
});

export function toFormValues(car: CarAdminDetail): CarFormValues {
  return {
    carName: car.carName,
    brand: car.brand,
    model: car.model,
    version: car.version,
    year: String(car.year),
    sellPrice: car.sellPrice,
    odo: car.odo,
    bodyType: car.bodyType,
    size: car.size,
    fuel: car.fuel,
    transmission: car.transmission,
    drivetrain: car.drivetrain ?? '',
    engine: car.engine,
    exteriorColor: car.exteriorColor,
    interiorColor: car.interiorColor,
    origin: car.origin,
    licensePlateRegion: car.licensePlateRegion,
    previousOwners: car.previousOwners,
    description: car.description,
    features: car.features,
    // A sold car's status changes only through its sale (record / cancel).
    status: car.status === 'sold' ? '' : car.status,
  };
}

export type { CarData };
