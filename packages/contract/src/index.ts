export * from './admin.ts';
export * from './auth.ts';
export * from './envelope.ts';
export * from './fields.ts';
export * from './health.ts';
export * from './messages.ts';
export * from './pagination.ts';
export * from './password.ts';
