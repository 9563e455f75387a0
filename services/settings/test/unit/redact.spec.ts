import { REDACTED, redactString, redactValue } from '../../src/monitoring/redact';

describe('monitoring report redaction', () => {
  const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln';

  it.each([
    ['a JWT anywhere in a message', `token was ${jwt}!`, `token was ${REDACTED}!`],
    ['a bearer header', 'Authorization: Bearer abc.def-ghi', `Authorization: Bearer ${REDACTED}`],
    ['the token of a mailed link', '/?token=abc123&type=recovery', `/?token=${REDACTED}&type=recovery`],
    [
      'an OAuth code and access_token',
      '/cb?code=xyz#access_token=t1',
      `/cb?code=${REDACTED}#access_token=${REDACTED}`,
    ],
    ['a long opaque key', 'key sk9f8d7s6a5d4f3g2h1j0k9l8m7n6b5v4c3', `key ${REDACTED}`],
    [
      'a JWT pasted with spaces around its dots',
      'copied eyJhbGciOiJFUzI1NiJ9 . eyJzdWIiOiJ1In0 . c2lnbmF0dXJl here',
      `copied ${REDACTED} here`,
    ],
    [
      'a JWT split by spaces instead of dots',
      'tok eyJhbGciOiJFUzI1NiJ9 eyJzdWIiOiJ1In0xxxxxxx c2lnbmF0dXJlc2lnbmF0 end',
      `tok ${REDACTED} end`,
    ],
    ['a password written out', 'my password is hunter2, sorry', `my password is ${REDACTED}, sorry`],
    ['a password after a colon', 'Password: Tr0ub4dor&3', `Password: ${REDACTED}`],
    ['a pwd= pair in free text', 'login pwd=letmein failed', `login pwd=${REDACTED} failed`],
  ])('masks %s', (_case, input, expected) => {
    expect(redactString(input)).toBe(expected);
  });

  it.each([
    ['an ordinary message', 'Cannot read properties of undefined (reading "price")'],
    ['a path with a uuid', '/api/v1/alerts/0b8c5a52-7f7e-4a55-9d3e-2f0e0c1f7a10'],
    ['a hashed asset name', 'http://localhost/assets/index-BxA12cd3.js'],
    ['a page with harmless parameters', '/search?q=lamp&type=signup&page=2'],
    ['the word password alone', 'Forgot your password?'],
  ])('leaves %s alone', (_case, input) => {
    expect(redactString(input)).toBe(input);
  });

  it('drops fields whose names say secret, at any depth, and keeps the rest', () => {
    expect(
      redactValue({
        path: '/x',
        password: 'p',
        Cookie: 'c',
        sessionId: 's',
        x_api_key: 'k',
        list: [{ refresh_token: 'r', status: 500 }],
        deep: { deeper: { authorization: 'a', ok: true } },
      }),
    ).toEqual({ path: '/x', list: [{ status: 500 }], deep: { deeper: { ok: true } } });
  });

  it('cuts nesting deeper than six levels', () => {
    const nested = { a: { b: { c: { d: { e: { f: { g: 'deep' } } } } } } };
    expect(JSON.stringify(redactValue(nested))).toContain('[truncated]');
  });
});
