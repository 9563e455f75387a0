import { createHash, createHmac } from 'node:crypto';

export type AliExpressSignMethod = 'sha256' | 'md5';

/**
 * Reference §2: every sent parameter except `sign`, sorted by name (ASCII), joined as
 * name1value1name2value2… with raw (not URL-encoded) values.
 */
export function aliexpressSignString(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => name !== 'sign')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
}

/** sha256 = HMAC-SHA256 keyed with the app secret; md5 = MD5(secret + string + secret). Uppercase hex. */
export function signAliExpress(
  params: Readonly<Record<string, string>>,
  secret: string,
  method: AliExpressSignMethod,
): string {
  const text = aliexpressSignString(params);
  const digest =
    method === 'sha256'
      ? createHmac('sha256', secret).update(text, 'utf8').digest('hex')
      : createHash('md5').update(`${secret}${text}${secret}`, 'utf8').digest('hex');
  return digest.toUpperCase();
}

/** Constant-time comparison of a received signature with the expected one (servers and fakes). */
export function verifyAliExpressSignature(params: Readonly<Record<string, string>>, secret: string): boolean {
  const method =
    params.sign_method === 'md5' ? 'md5' : params.sign_method === 'sha256' ? 'sha256' : undefined;
  const received = params.sign;
  if (!method || !received) return false;
  const expected = signAliExpress(params, secret, method);
  if (expected.length !== received.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++)
    diff |= expected.charCodeAt(i) ^ received.toUpperCase().charCodeAt(i);
  return diff === 0;
}
