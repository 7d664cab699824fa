export * from './auth.ts';
export * from './clients.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './healthcare.ts';
export * from './messages.ts';
export * from './roles.ts';
export * from './sa-id.ts';
