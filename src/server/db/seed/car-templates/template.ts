import type { BodyType, Drivetrain, Fuel, Origin, Transmission } from '../../../../contract/cars';

/**
 * Models sold in Vietnam with their price when new (VND) and the years they are found used, from which
 * the demo showroom and the benchmark generator draw believable cars.
 */
export interface CarTemplate {
  brand: string;
  model: string;
  version: string;
  bodyType: BodyType;
  size: number;
  fuel: Fuel;
  transmission: Transmission;
  drivetrain: Drivetrain;
  engine: string;
  origin: Origin;
  newPrice: number;
  years: [number, number];
  colors: string[];
  tier: 0 | 1 | 2;
  /** How many of this model the demo showroom holds (default 1). */
  weight?: number;
}

export const T = (
  brand: string,
  model: string,
  version: string,
  bodyType: BodyType,
  size: number,
  fuel: Fuel,
  transmission: Transmission,
  drivetrain: Drivetrain,
  engine: string,
  origin: Origin,
  newPriceMillions: number,
  years: [number, number],
  colors: string[],
  tier: 0 | 1 | 2,
  weight = 1,
): CarTemplate => ({
  brand,
  model,
  version,
  bodyType,
  size,
  fuel,
  transmission,
  drivetrain,
  engine,
  origin,
  newPrice: newPriceMillions * 1_000_000,
  years,
  colors,
  tier,
  weight,
});

/** Colours most used cars come in, and those of the premium brands. */
export const COMMON = ['Trắng', 'Đen', 'Bạc', 'Xám', 'Đỏ'];
export const PREMIUM = ['Đen', 'Trắng ngọc trai', 'Xám titan', 'Bạc', 'Xanh dương'];
