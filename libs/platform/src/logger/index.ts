export * from './logger';
export * from './secret-text';
