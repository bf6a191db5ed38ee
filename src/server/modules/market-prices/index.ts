/** The market-prices module's public entry: its service (the valuations build on it) and its routes. */
export { marketPricesRoutes } from './routes';
export { MarketPricesService } from './service';
