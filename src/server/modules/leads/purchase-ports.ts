import type { CarData } from '../../../contract/cars';
import type { Fuel, Transmission } from '../../../contract/cars-labels';
import type { ValuationConfidence } from '../../../contract/valuations';
import type { Actor } from '../../platform/actor';
import type { PreparedImage } from '../../platform/images';
import type { CarOrigin } from '../cars/service';

export interface ValuationFigures {
  estimate: number;
  low: number;
  high: number;
  confidence: ValuationConfidence;
}

export interface CarToValue {
  brand: string;
  model: string;
  version?: string;
  year: number;
  odo: number;
  transmission?: Transmission;
  fuel?: Fuel;
  owners?: number;
  accident?: boolean;
  flood?: boolean;
  serviceHistory?: boolean;
  province?: string;
}

/**
 * What buy-ins need from other modules, connected in app.ts once those exist: the valuation engine
 * (the figures stored with a seller's lead) and the cars module (the bought car entering stock).
 */
export interface PurchasePorts {
  /** The engine's figures, or null when it cannot value the car (never an error for the seller). */
  value(car: CarToValue): Promise<ValuationFigures | null>;
  createCar(
    data: CarData,
    images: PreparedImage[],
    actor: Actor,
    origin: CarOrigin,
  ): Promise<{ carId: number; carName: string }>;
}

/** Adapts the valuations and cars services to the ports, through their public methods only. */
export function purchasePorts(
  valuations: { value(q: CarToValue): Promise<ValuationFigures> },
  cars: {
    create(
      data: CarData,
      images: PreparedImage[],
      actor: Actor,
      origin?: CarOrigin,
    ): Promise<{ carId: number; carName: string }>;
  },
): PurchasePorts {
  return {
    async value(car) {
      try {
        const v = await valuations.value(car);
        return { estimate: v.estimate, low: v.low, high: v.high, confidence: v.confidence };
      } catch {
        // The engine knows nothing close (422): the showroom values the car by hand.
        return null;
      }
    },
    createCar: (data, images, actor, origin) => cars.create(data, images, actor, origin),
  };
}
