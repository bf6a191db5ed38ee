import type { CarsInventoryReader } from './cars-inventory';
import { type AdvisorCar, type CarSearch, compareCars, matchesSearch, type PriceStats } from './inventory';

/** What this reader uses of CarsService: the inventory search and its price statistics. */
export interface InventorySearcher {
  searchInventory(s: CarSearch, limit: number): Promise<AdvisorCar[]>;
  inventoryPriceStats(s: Omit<CarSearch, 'limit'>): Promise<PriceStats | null>;
}

/**
 * The service-backed reader with searches and price statistics answered by the cars service's one-query
 * search (cars/inventory-search.ts). Single cars and the stock summary come through CarsInventoryReader.
 * Every row is checked again with the shared rule `matchesSearch`.
 */
export class SqlInventoryReader {
  constructor(
    private readonly base: CarsInventoryReader,
    private readonly cars: InventorySearcher,
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

  getCar(id: number) {
    return this.base.getCar(id);
  }

  catalogue() {
    return this.base.catalogue();
  }
}
