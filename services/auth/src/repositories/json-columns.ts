import { sql } from '@pt/platform';

/**
 * A row whose jsonb columns (typed `unknown` by the schema generator) are read as the shape this
 * service writes into them. Keyed by the schema's own columns, so a renamed or dropped column
 * fails to compile here rather than drifting.
 */
export type WithJson<Row, Json extends { [K in keyof Row]?: unknown }> = Omit<Row, keyof Json> & Json;

/** A JSON object column (metadata, identity data). */
export type JsonObject = Record<string, unknown>;

/**
 * A value for a jsonb column, sent as its JSON text: the driver would otherwise send an array as a
 * Postgres array, not a JSON one.
 */
export const jsonb = (value: unknown) => sql<unknown>`${JSON.stringify(value)}::jsonb`;
