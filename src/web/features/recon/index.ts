/** The reconditioning board (/dashboard/recon, its routes load the page lazily) and a car's work items. */
export { RECON_KEY } from './api';
export { WorkItems } from './components/work-items';
