// Every table of the application; each domain keeps its tables in its own file.
export * from './audit';
export * from './cars';
export * from './settings';
export * from './users';
export * from './leads';
export * from './notifications';
export * from './content';
export * from './recruitment';
