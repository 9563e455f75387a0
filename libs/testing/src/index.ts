export * from './availability';
export * from './postgres';
export * from './smtp-sink';
