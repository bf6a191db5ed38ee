import type { CustomersService } from './service';

export { CUSTOMER_ACCESS, customersRoutes } from './routes';
export { type CustomerContact, CustomersService, SAME_OWNER_DAYS, type ZaloTarget } from './service';

/**
 * What another module holds of the customer record: attach what it creates (inside its own
 * transaction), tell a change of status, and ask who handled this phone lately. Deals attach the same
 * way: `link(tx, { kind: 'DEAL', refId: dealId, phone, fullName, title, link, occurredAt })` in the
 * transaction that opens the deal, `touch(tx, 'DEAL', dealId, { status })` on each step.
 */
export type CustomerPort = Pick<CustomersService, 'link' | 'touch' | 'recentOwner'>;
