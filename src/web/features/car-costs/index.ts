/** What the staff pages use of the car cost ledger: the car form's tab, the price warning, list cells. */
export { CAR_COSTS_KEY, useCarCosts, useCostSummaries } from './api';
export { PriceAgainstCost, TrueCostCell } from './components/cost-figures';
export { CostsTab } from './components/costs-tab';
