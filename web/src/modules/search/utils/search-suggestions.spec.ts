import { nextActive, SUGGESTION_LIMIT, suggestionsFor } from './search-suggestions';

describe('search box suggestions from recent searches (home hero, search page)', () => {
  const history = ['usb cable', 'headphones', 'wireless headphones', 'Head torch', 'tv', 'radio', 'lamp'];

  it('suggests the newest recent searches for an empty box, up to the limit', () => {
    expect(suggestionsFor(history, '  ')).toEqual(history.slice(0, SUGGESTION_LIMIT));
  });

  it('suggests matches, those starting with the typed text first, case-insensitive, not the typed text itself', () => {
    expect(suggestionsFor(history, 'head')).toEqual(['headphones', 'Head torch', 'wireless headphones']);
    expect(suggestionsFor(history, 'HEADPHONES')).toEqual(['wireless headphones']);
    expect(suggestionsFor(history, 'zzz')).toEqual([]);
  });

  it('moves through the options with the arrows and back to the box past either end', () => {
    expect(nextActive(-1, 1, 3)).toBe(0);
    expect(nextActive(2, 1, 3)).toBe(-1);
    expect(nextActive(-1, -1, 3)).toBe(2);
    expect(nextActive(0, -1, 3)).toBe(-1);
    expect(nextActive(1, 1, 3)).toBe(2);
    expect(nextActive(-1, 1, 0)).toBe(-1);
  });
});
