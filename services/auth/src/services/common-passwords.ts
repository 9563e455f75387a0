/**
 * Passwords refused with the `pwned` reason although they pass the length rule: they are tried
 * first by every attacker (ASVS asks for at least the 3,000 most common). The list is zxcvbn-ts's
 * ranked common-password dictionary (about 49,000 from breach corpora), plus the few of our own
 * earlier list it lacks (digit runs and keyboard or punctuation variants). Compared lower-cased.
 */
const NOT_IN_ZXCVBN = [
  '0123456789',
  '987654321',
  '654321',
  '222222',
  '333333',
  '444444',
  '555555',
  '777777',
  '888888',
  '999999',
  '121212',
  'qwertz',
  'p@ssword',
  'abcdef',
  'root123',
  'login',
  'twitter',
  '456789',
  '202020',
  '101010',
  'aaaaaa',
  'abcabc',
  'trustno1!',
  'qwerty!',
];

let known: Promise<ReadonlySet<string>> | undefined;

/**
 * Loaded on the first check, not at start: importing the dictionary decompresses it (about 65 ms
 * and 8 MB of heap), which a service that never sees a signup or password change need not pay.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  known ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set([...dictionary['passwords-common'], ...NOT_IN_ZXCVBN]),
  );
  return known;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
