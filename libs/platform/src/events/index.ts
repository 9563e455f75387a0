export * from './event-bus.port';
export * from './envelope';
export { DEAD_LETTER_EVENT_TYPE, type EventsLogger } from './delivery';
export * from './memory-bus';
export * from './redis-streams-bus';
export * from './kafka-bus';
export * from './create-event-bus';
export * from './outbox';
export * from './idempotent-consumer';
