// Every table of the application, for drizzle-kit and the database client. Each module owns its tables
// in its own schema file; services reach another module's tables only through that module's service.
export * from '../../modules/alerts/schema';
export * from '../../modules/audit/schema';
export * from '../../modules/blogs/schema';
export * from '../../modules/car-costs/schema';
export * from '../../modules/car-records/schema';
export * from '../../modules/cars/schema';
export * from '../../modules/customers/schema';
export * from '../../modules/deals/schema';
export * from '../../modules/inspections/schema';
export * from '../../modules/leads/schema';
export * from '../../modules/market-prices/schema';
export * from '../../modules/messaging/schema';
export * from '../../modules/notifications/schema';
export * from '../../modules/odometer/schema';
export * from '../../modules/recon/schema';
export * from '../../modules/recruitment/schema';
export * from '../../modules/reservations/schema';
export * from '../../modules/sales/schema';
export * from '../../modules/sliders/schema';
export * from '../../modules/users/schema';
export * from '../../modules/web-config/schema';
export * from '../../platform/jobs/schema';
export * from '../../platform/rate-limit-schema';
