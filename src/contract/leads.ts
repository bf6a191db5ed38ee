/**
 * Leads: the three public forms (test drive, maintenance, consulting) and their management in the
 * dashboard. One schema per form serves the web form and the server route alike.
 */
export * from './leads/booking';
export * from './leads/booking-status';
export * from './leads/follow-up';
export * from './leads/forms';
export * from './leads/labels';
export * from './leads/management';
export * from './leads/purchase';
export * from './leads/response-time';
export * from './leads/settings';
export * from './leads/slots';
export * from './leads/source';
export * from './leads/source-stats';
