/**
 * What other features may take from reservations: the car page's deposit button, loaded as its own chunk
 * (the car page's first download stays within its budget).
 */
export const loadReserveDeposit = () => import('./public/reserve-deposit');
