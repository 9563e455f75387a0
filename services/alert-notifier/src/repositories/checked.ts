/**
 * A text column's value as the union of the values this service writes to it. The generated schema
 * types text as string; the migrations' CHECK constraints (or the alert the row was copied from)
 * keep it to the domain's list, so a value outside it means the two disagree: fail loudly rather
 * than pass on a value no caller handles.
 */
export function checked<T extends string>(allowed: readonly T[], value: string, column: string): T {
  const known: readonly string[] = allowed;
  if (known.includes(value)) return value as T;
  throw new Error(`${column} holds '${value}', which this build does not know`);
}
