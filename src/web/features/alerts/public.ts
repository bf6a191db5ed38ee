/**
 * What other features may use of the e-mail alerts: the button that signs up for new cars (the list's
 * filters) or for a car's price drop. Its form loads on the first press.
 */
export { SubscribeButton } from './subscribe-button';
export type { SubscribeTarget } from './subscribe-dialog';
