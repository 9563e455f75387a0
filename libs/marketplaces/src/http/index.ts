export * from './circuit-breaker';
export * from './retry';
export * from './http-client';
export * from './budget';
export * from './failure-log';
