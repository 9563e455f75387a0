import { Writable } from 'node:stream';
import { createLogger } from '@pt/platform';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, destination };
}

describe(createLogger.name, () => {
  it('writes JSON lines with service and version', () => {
    const { lines, destination } = capture();
    const sut = createLogger({ service: 'catalog', version: '1.2.3', destination });
    sut.info({ productId: 'p1' }, 'looked up');
    expect(lines[0]).toMatchObject({
      service: 'catalog',
      version: '1.2.3',
      productId: 'p1',
      msg: 'looked up',
      level: 30,
    });
  });

  it.each([
    ['password', { password: 'hunter22' }],
    ['nested password', { body: { password: 'hunter22' } }],
    ['access token', { session: { access_token: 'eyJhbGciOi' } }],
    ['refresh token', { refresh_token: 'rt-secret' }],
    ['authorization header', { req: { headers: { authorization: 'Bearer eyJ' } } }],
    ['cookie header', { req: { headers: { cookie: 'sid=abc' } } }],
    ['client secret', { ebay: { clientSecret: 'cs' } }],
  ])('redacts the %s', (_name, fields) => {
    const { lines, destination } = capture();
    createLogger({ service: 'auth', destination }).info(fields, 'event');
    const text = JSON.stringify(lines[0]);
    for (const secret of ['hunter22', 'eyJhbGciOi', 'rt-secret', 'Bearer eyJ', 'sid=abc', '"cs"'])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
