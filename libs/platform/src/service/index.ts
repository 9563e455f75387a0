export * from './tokens';
export * from './runtime';
export * from './service';
export * from './process';
export * from './providers';
