// Every table of the application; each domain keeps its tables in its own file.
export * from './audit';
export * from './settings';
export * from './users';
