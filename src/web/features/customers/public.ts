/** What other features and app/ use of the customer record: the hint shown while staff type a phone. */
export { CustomerPhoneHint } from './components/customer-phone-hint';
