export * from './rate-limiter.port';
export * from './memory-rate-limiter';
export * from './redis-rate-limiter';
export * from './create-rate-limiter';
