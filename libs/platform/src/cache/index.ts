export * from './lru';
