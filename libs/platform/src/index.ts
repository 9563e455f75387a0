export * from './config';
export * from './logger';
export * from './database';
export * from './events';
export * from './jobs';
export * from './mail';
