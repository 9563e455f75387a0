/**
 * The most common passwords of at least 6 characters, from public breach-corpus rankings
 * (SecLists "10k most common", NCSC top-100k head). A password on this list is refused with the
 * `pwned` reason even though it passes the length rule: these are tried first by every attacker.
 * Compared lower-cased.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345678910', '0123456789', '987654321',
  '654321', '123123', '123321', '111111', '222222', '333333', '444444', '555555', '666666', '777777',
  '888888', '999999', '000000', '121212', '112233', '123654', '123qwe', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t',
  'qwerty', 'qwerty1', 'qwerty12', 'qwerty123', 'qwertyuiop', 'qwertz', 'azerty', 'asdfgh', 'asdfghjkl',
  'zxcvbn', 'zxcvbnm', 'qazwsx', '1qaz2wsx', 'zaq12wsx', 'password', 'password1', 'password12',
  'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pass123', 'passwort', 'motdepasse', 'contrasena',
  'iloveyou', 'iloveu', 'princess', 'sunshine', 'football', 'baseball', 'basketball', 'soccer', 'hockey',
  'monkey', 'dragon', 'master', 'shadow', 'superman', 'batman', 'trustno1', 'letmein', 'welcome',
  'welcome1', 'welcome123', 'abc123', 'abcdef', 'abcd1234', 'abc12345', 'a123456', 'aa123456',
  'admin123', 'administrator', 'root123', 'test123', 'test1234', 'testing', 'changeme', 'secret',
  'default', 'login', 'access', 'starwars', 'pokemon', 'michael', 'jennifer', 'jordan23', 'charlie',
  'thomas', 'daniel', 'andrew', 'joshua', 'matthew', 'jessica', 'ashley', 'nicole', 'hunter', 'ranger',
  'buster', 'tigger', 'summer', 'winter', 'freedom', 'whatever', 'nothing', 'computer', 'internet',
  'cookie', 'cheese', 'chocolate', 'flower', 'purple', 'orange', 'yellow', 'silver', 'golden', 'diamond',
  'lovely', 'loveme', 'love123', 'babygirl', 'angel1', 'mustang', 'harley', 'ferrari', 'corvette',
  'maverick', 'killer', 'hello1', 'hello123', 'helloworld', 'google', 'facebook', 'twitter', 'samsung',
  'apple123', 'liverpool', 'arsenal', 'chelsea', 'barcelona', 'madrid', 'london', 'america', 'canada',
  'qwe123', 'asd123', 'zxc123', '159753', '147258', '147258369', '741852963', '159357', '789456',
  '789456123', '456789', '102030', '010203', '696969', '131313', '202020', '101010', 'aaaaaa', 'abcabc',
  'q1w2e3r4', 'q1w2e3r4t5', 'x123456', 'mypass', 'mypassword', 'superstar', 'starwars1', 'blink182',
  'michelle', 'jasmine', 'soccer1', 'football1', 'baseball1', 'princess1', 'sunshine1', 'monkey1',
  'dragon1', 'master1', 'shadow1', 'letmein1', 'iloveyou1', 'trustno1!', 'password!', 'qwerty!',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
