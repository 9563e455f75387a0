import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who an interactive marketplace call is spent for. The catalog sets it around
 * each request it serves; the budget and the HTTP client read it, so every upstream call a request
 * causes counts against the client behind it, however deep in a driver the call is made.
 */
export interface Spender {
  /** One client: the verified user, else its address key (an IPv6 client is its /64). */
  client: string;
  /** Its neighbourhood: the address's /24 or /48; a verified user is a group of its own. */
  group: string;
  /** A signed-in user with tracked items: may spend the floor of the budget held back from the rest. */
  reserved: boolean;
}

const spenders = new AsyncLocalStorage<Spender>();

/** Runs `work` with every marketplace call it makes counted against `spender`. */
export function spendAs<T>(spender: Spender, work: () => T): T {
  return spenders.run(spender, work);
}

/** The spender of the call being made; undefined outside a shopper's request (pollers, jobs). */
export function currentSpender(): Spender | undefined {
  return spenders.getStore();
}
