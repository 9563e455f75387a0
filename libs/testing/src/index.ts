export * from './availability';
export * from './postgres';
export * from './smtp-sink';
export * from './processes';
export * from './browser';
export * from '@pt/demo-marketplaces';
export * from './eventually';
export * from './journey';
