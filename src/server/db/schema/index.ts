// Every table of the application; each domain keeps its tables in its own file.
export * from './audit';
export * from './cars';
export * from './content';
export * from './leads';
export * from './notifications';
export * from './recruitment';
export * from './settings';
export * from './users';
