export * from './config';
export * from './env';
