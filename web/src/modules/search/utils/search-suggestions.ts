/** How many of the recent searches the search box suggests at once. */
export const SUGGESTION_LIMIT = 6;

/**
 * The recent searches that fit what is typed: all of them (newest first) for an empty box, else
 * those containing the typed text, the ones starting with it first; the exact query itself is left
 * out (suggesting what is already in the box helps nobody).
 */
export function suggestionsFor(history: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  if (!needle) return history.slice(0, SUGGESTION_LIMIT);
  const matches = history.filter((h) => h.toLowerCase().includes(needle) && h.toLowerCase() !== needle);
  const starts = matches.filter((h) => h.toLowerCase().startsWith(needle));
  const inside = matches.filter((h) => !h.toLowerCase().startsWith(needle));
  return [...starts, ...inside].slice(0, SUGGESTION_LIMIT);
}

/**
 * The option the arrow keys move to among `count` options: -1 is the box itself (no option
 * highlighted), one step past either end, as in the APG's list autocomplete.
 */
export function nextActive(active: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  const position = active < 0 ? count : active;
  const next = (position + step + count + 1) % (count + 1);
  return next === count ? -1 : next;
}
