import type { BodyType, BrandCount, CarStatus, Fuel, Transmission } from '../../../contract/cars';
import type { Catalogue } from '../../../contract/query';
import type { Executor } from '../../db/client';
import {
  type AdvisorCar,
  type CarDetails,
  type CarSearch,
  compareCars,
  matchesSearch,
  type PriceStats,
} from './inventory';

/** What the advisor uses of CarsService (structural, so the port's tests can name it). */
export interface CarsReader {
  searchInventory(s: CarSearch, limit: number): Promise<AdvisorCar[]>;
  inventoryPriceStats(s: Omit<CarSearch, 'limit'>): Promise<PriceStats | null>;
  findRow(exec: Executor, id: number): Promise<CarRowLike | undefined>;
  brands(): Promise<BrandCount[]>;
}

export interface CarRowLike {
  id: number;
  carName: string;
  brand: string;
  model: string;
  version: string;
  year: number;
  sellPrice: number;
  odo: number;
  bodyType: string;
  size: number;
  fuel: string;
  transmission: string;
  drivetrain: string | null;
  engine: string;
  exteriorColor: string;
  interiorColor: string;
  origin: string;
  previousOwners: number;
  description: string;
  features: string[] | null;
  status: string;
}

const CATALOGUE_TTL_MS = 60_000;

/**
 * The advisor's one reader of the inventory, behind the cars service: searches and price statistics in
 * one SQL query each (cars/inventory-search.ts), single cars by id, and the brands in stock. Every row a
 * search returns is checked again with the shared rule `matchesSearch`, the rule the tests hold answers to.
 */
export class CarsInventoryReader {
  private catalogueCache: { at: number; value: Catalogue } | null = null;

  constructor(
    private readonly cars: CarsReader,
    private readonly db: Executor,
  ) {}

  async searchCars(s: CarSearch): Promise<AdvisorCar[]> {
    // A few more than asked: colour prefixes may let in a row the word rule then turns away.
    const rows = await this.cars.searchInventory(s, s.limit + 8);
    return rows
      .filter((c) => matchesSearch(c, s))
      .sort(compareCars(s))
      .slice(0, s.limit);
  }

  priceStats(s: Omit<CarSearch, 'limit'>): Promise<PriceStats | null> {
    return this.cars.inventoryPriceStats(s);
  }

  async getCar(id: number): Promise<CarDetails | null> {
    const r = await this.cars.findRow(this.db, id);
    // A car being prepared does not exist for visitors.
    if (!r || r.status === 'preparing') return null;
    return {
      id: r.id,
      carName: r.carName,
      brand: r.brand,
      model: r.model,
      version: r.version,
      year: r.year,
      sellPrice: Number(r.sellPrice),
      odo: r.odo,
      bodyType: r.bodyType as BodyType,
      size: r.size,
      fuel: r.fuel as Fuel,
      transmission: r.transmission as Transmission,
      exteriorColor: r.exteriorColor,
      interiorColor: r.interiorColor,
      engine: r.engine,
      drivetrain: r.drivetrain,
      origin: r.origin,
      previousOwners: r.previousOwners,
      features: r.features ?? [],
      description: r.description,
      status: r.status as CarStatus,
    };
  }

  /** Brands in stock, to recognise names the dictionary lacks (refreshed every minute). */
  async catalogue(): Promise<Catalogue> {
    const now = Date.now();
    if (this.catalogueCache && now - this.catalogueCache.at < CATALOGUE_TTL_MS)
      return this.catalogueCache.value;
    const value: Catalogue = { brands: (await this.cars.brands()).map((b) => b.brand), models: [] };
    this.catalogueCache = { at: now, value };
    return value;
  }
}
