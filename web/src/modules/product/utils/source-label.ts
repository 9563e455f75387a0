/** Where the shown data came from, in the words of the "Last updated … from …" line. */
export const sourceLabel = (source: string, marketplace: string) =>
  source === 'live'
    ? `${marketplace} (live)`
    : source === 'cache'
      ? `${marketplace} (cached)`
      : source === 'sample'
        ? 'our sample catalogue'
        : marketplace;
