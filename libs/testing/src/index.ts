export * from './availability';
export * from './postgres';
