/** What other features (car management, car edit) use from the sales book. */
export { SaleDialog, type SaleTarget } from './components/sale-dialog';
