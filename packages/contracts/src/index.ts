export * from './auth.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './roles.ts';
