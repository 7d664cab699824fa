export * from './clients.ts';
export * from './companies.ts';
export * from './users.ts';
