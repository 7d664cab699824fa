export * from './audit.ts';
export * from './catalogue.ts';
export * from './client-configs.ts';
export * from './client-records.ts';
export * from './clients.ts';
export * from './companies.ts';
export * from './reference.ts';
export * from './users.ts';
