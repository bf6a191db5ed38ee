/**
 * What other features and app/ use of the customer record: the hint shown while staff type a phone,
 * and a lead's customer with its one-click actions.
 */
export { CustomerPhoneHint } from './components/customer-phone-hint';
export { CustomerQuickActions } from './components/customer-quick-actions';
