import { randomBytes } from 'node:crypto';
import { eventually, sleep } from '@pt/testing';

/** Polls until the condition holds; fails with the description after timeoutMs. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  description: string,
  timeoutMs = 15_000,
): Promise<void> {
  await eventually(condition, { timeoutMs, everyMs: 10, what: description });
}

export { sleep };

export const uniqueName = (base: string): string => `${base}-${randomBytes(4).toString('hex')}`;

/** A promise with its resolve, to hold a handler open until the test lets it go. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
