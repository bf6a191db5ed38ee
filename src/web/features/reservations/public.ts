/**
 * What other features may take from reservations: the car page's deposit button, loaded as its own chunk
 * (the car page's first download stays within its budget).
 */
export const loadReserveDeposit = () => import('./public/reserve-deposit');
/** Holds the button's room on the car page until its chunk is there (no layout shift when it comes). */
export { ReserveSlot } from './public/reserve-frame';
