/**
 * The car-costs module's public entry: the per-car cost ledger, holding cost and true cost
 * (docs/car-costs.md), and its routes.
 */
export { carCostsRoutes } from './routes';
export {
  CarCostsService,
  type CostCar,
  NO_RECON_COSTS,
  type ReconCostSource,
  type SaleOf,
} from './service';
