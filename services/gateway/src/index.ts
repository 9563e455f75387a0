export * from './app';
export * from './routes';
export * from './proxy';
export * from './env';
export * from './auth';
export * from './edge';
export * from './policies/policy-env';
export * from './outbox/outbox.route';
export { demoImageOrigins } from './policies/security-headers';
