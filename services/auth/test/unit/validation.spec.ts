import { AuthError } from '../../src/http/auth-error';
import { validateUserMetadata, validEmail } from '../../src/services/validation';

const code = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof AuthError ? error.code : 'not an AuthError';
  }
};

describe('validEmail', () => {
  it('trims and lower-cases a valid address', () => {
    expect(validEmail('  Pat@Example.COM ')).toBe('pat@example.com');
  });

  it.each([
    'user@b\u00fccher.example',
    'jos\u00e9@example.com',
    'a\u0000b@example.com',
    'a\udc00@example.com',
    `${'a'.repeat(243)}@example.com`,
    '',
  ])('refuses %j with validation_failed', (email) => {
    expect(code(() => validEmail(email))).toBe('validation_failed');
  });
});

describe('validateUserMetadata', () => {
  it.each([
    ['NUL in a value', { name: 'Pa\u0000t' }],
    ['NUL in a key', { 'a\u0000': 1 }],
    ['a lone low surrogate', { bio: '\udc00' }],
    ['a lone high surrogate', { bio: 'x\ud83d' }],
    ['a lone surrogate deep inside', { a: [{ b: ['ok', '\udc00'] }] }],
    ['nesting beyond 16 levels', JSON.parse(`${'{"a":'.repeat(20)}1${'}'.repeat(20)}`)],
  ])('refuses %s with validation_failed', (_name, data) => {
    expect(code(() => validateUserMetadata(data))).toBe('validation_failed');
  });

  it('accepts well-formed Unicode, surrogate pairs included', () => {
    expect(validateUserMetadata({ name: ' Jos\u00e9 \ud83d\ude00 ', tags: ['\u4e2d\u6587'] })).toEqual({
      name: 'Jos\u00e9 \ud83d\ude00',
      tags: ['\u4e2d\u6587'],
    });
  });
});
