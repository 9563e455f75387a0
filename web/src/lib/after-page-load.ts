/**
 * Runs `run` once the page has loaded (its first screen painted, its initial requests settled),
 * plus `delayMs`: for code the first screen does not need. Returns a cancel function.
 */
export function afterPageLoad(run: () => void, delayMs = 0): () => void {
  let timer: number | undefined;
  const later = () => {
    timer = window.setTimeout(run, delayMs);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    window.clearTimeout(timer);
  };
}
