/** The reconditioning board (/dashboard/recon); routes load its page lazily. */
export { RECON_KEY } from './api';
