export * from './circuit-breaker';
export * from './retry';
export * from './http-client';
export * from './budget';
export * from './failure-log';
export * from './fair-share';
export * from './spender';
export * from './client-slots';
