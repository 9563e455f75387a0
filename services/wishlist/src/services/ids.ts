const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids this service hands out are uuids; anything else names nothing (404, never a SQL error). */
export const isOwnId = (id: string): boolean => UUID.test(id);
