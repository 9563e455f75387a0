import {
  jsonNestsDeeperThan,
  malformedRequestError,
  MAX_INPUT_DEPTH,
  queryProblem,
  textProblem,
  valueProblem,
} from '@pt/platform';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('malformed input', () => {
  it.each([
    ['plain text', 'hello', undefined],
    ['a surrogate pair (astral character)', 'price 😀 \ud83d\ude00', undefined],
    ['NUL', 'a\u0000b', 'nul'],
    ['a lone high surrogate', 'a\ud800', 'lone_surrogate'],
    ['a high surrogate before a non-low one', '\ud800a', 'lone_surrogate'],
    ['a lone low surrogate', '\udc00', 'lone_surrogate'],
    ['two high surrogates then a low', '\ud800\ud800\udc00', 'lone_surrogate'],
  ])('textProblem: %s', (_name, text, expected) => {
    expect(textProblem(text)).toBe(expected);
  });

  it('jsonNestsDeeperThan counts brackets outside strings only, up to the limit', () => {
    expect(jsonNestsDeeperThan(bytes(nested(MAX_INPUT_DEPTH)))).toBe(false);
    expect(jsonNestsDeeperThan(bytes(nested(MAX_INPUT_DEPTH + 1)))).toBe(true);
    expect(jsonNestsDeeperThan(bytes('{"a":' + '{"a":'.repeat(MAX_INPUT_DEPTH) + '1' + '}'.repeat(65)))).toBe(
      true,
    );
    const bracketsInStrings = JSON.stringify({ s: '['.repeat(500), t: 'x\\"[[[' + '{'.repeat(500) });
    expect(jsonNestsDeeperThan(bytes(bracketsInStrings))).toBe(false);
    expect(jsonNestsDeeperThan(bytes(`["\\\\",${nested(MAX_INPUT_DEPTH)}]`))).toBe(true);
  });

  it('jsonNestsDeeperThan refuses a megabyte of [ (the body limit) without parsing it', () => {
    expect(jsonNestsDeeperThan(Buffer.alloc(1024 * 1024, '['))).toBe(true);
  });

  it('valueProblem finds NUL and lone surrogates in keys and values at any depth, without recursion', () => {
    expect(valueProblem({ a: [{ b: 'ok 😀' }], n: 1, z: null })).toBeUndefined();
    expect(valueProblem({ a: [{ b: 'x\u0000' }] })).toBe('nul');
    expect(valueProblem({ a: { 'k\ud800': 1 } })).toBe('lone_surrogate');
    expect(valueProblem(JSON.parse(nested(MAX_INPUT_DEPTH)))).toBeUndefined();
    expect(valueProblem(JSON.parse(nested(MAX_INPUT_DEPTH + 1)))).toBe('too_deep');
    // JSON.parse builds it iteratively; a recursive check would overflow the stack here.
    expect(valueProblem(JSON.parse(nested(200_000)))).toBe('too_deep');
  });

  it('queryProblem counts a key’s a[b][c] brackets as nesting', () => {
    expect(queryProblem({ 'a[b]': '1', q: ['x', 'y'] })).toBeUndefined();
    expect(queryProblem({ ['a' + '[a]'.repeat(MAX_INPUT_DEPTH + 1)]: '1' })).toBe('too_deep');
    expect(queryProblem({ q: 'a\u0000' })).toBe('nul');
  });

  it('malformedRequestError is the 400 invalid_input error naming the part', () => {
    expect(malformedRequestError({ query: { q: 'x' }, body: { a: 'ok' } })).toBeUndefined();
    const error = malformedRequestError({ query: {}, body: { a: 'x\u0000' } });
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'Request body must not contain NUL characters',
    });
    expect(malformedRequestError({ query: { ['a' + '[a]'.repeat(65)]: '1' } })?.message).toBe(
      'Query string must not nest deeper than 64 levels',
    );
  });
});
