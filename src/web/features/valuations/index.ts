/** What other features use of valuations: the price suggestion of the car form. */
export type { PricedCar } from './api';
export { PriceSuggestion } from './components/price-suggestion';
