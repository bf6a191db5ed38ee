import type { OfficialPrice } from '../../../contract/registration-fees';
import { CAR_TEMPLATES } from './demo-cars-data';

/**
 * DEMO VALUES, not the Ministry of Finance's table: the demo showroom's "giá tính lệ phí trước bạ" is the
 * template's price when new, rounded to the million, for each version of the demo stock. Suzuki,
 * Peugeot, Nissan and Lexus are left out on purpose, so their cars show the approximation from the sale
 * price and its "giá tham khảo" wording. A real showroom enters the figures of the table in force.
 */
const WITHOUT_OFFICIAL_PRICE = new Set(['Suzuki', 'Peugeot', 'Nissan', 'Lexus']);

export const DEMO_OFFICIAL_PRICES: OfficialPrice[] = CAR_TEMPLATES.filter(
  (t) => !WITHOUT_OFFICIAL_PRICE.has(t.brand),
).map((t) => ({
  brand: t.brand,
  model: t.model,
  version: t.version,
  price: Math.round(t.newPrice / 1_000_000) * 1_000_000,
}));
