export * from './circuit-breaker';
export * from './retry';
export * from './http-client';
