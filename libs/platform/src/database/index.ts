export * from './database.port';
export * from './pg.adapter';
export * from './pglite.adapter';
export * from './create-database';
export * from './migrations';
export * from './kysely';
export * from './outbox-schema';
