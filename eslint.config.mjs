import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const frameworkAndIo = [
  'node:*',
  'fs',
  'path',
  'http',
  'https',
  'net',
  'child_process',
  'crypto',
  'os',
  'stream',
  '@nestjs/*',
  'express',
  'pg',
  'ioredis',
  'bullmq',
  'kafkajs',
  'nodemailer',
  'pino',
  'react',
  'react-dom',
  '@pt/platform',
  '@pt/platform/*',
  '@pt/marketplaces',
  '@pt/testing',
  '@pt/contracts',
  '@pt/contracts/*',
];

const testKitInTestsOnly = {
  group: ['@pt/testing', '@pt/testing/*'],
  message: '@pt/testing is for tests only; hosts take demo marketplaces from @pt/demo-marketplaces.',
};

const requireOfTestKit = {
  selector: "CallExpression[callee.name='require'][arguments.0.value=/^@pt\\/testing/]",
  message: '@pt/testing is for tests only.',
};

/** An answer of the API is read by `apiRead` (web/src/lib/api.ts), typed and checked by its route's contract. */
const answerReadByContract =
  'Read an API answer with apiRead(route, path): typed and checked by the route contract, never cast.';
const apiAnswerCasts = [
  { selector: "CallExpression[callee.name='apiFetch'][typeArguments]", message: answerReadByContract },
  { selector: "TSAsExpression > CallExpression[callee.name='apiFetch']", message: answerReadByContract },
  {
    selector: "TSAsExpression > AwaitExpression > CallExpression[callee.name='apiFetch']",
    message: answerReadByContract,
  },
  {
    selector: "TSAsExpression > MemberExpression > AwaitExpression > CallExpression[callee.name='apiFetch']",
    message: answerReadByContract,
  },
];

/** The web app's layers (web/README.md): a rule per folder, on top of the test-kit rule. */
const webLayer = (files, group, message) => ({
  files,
  ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: [testKitInTestsOnly, { group, message }] }] },
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'coverage/**', 'web/dist/**'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['scripts/jest-*.js'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'extension/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // Production code never imports the test kit (SMTP sink, fault injection, Postgres fixtures):
    // it would ship in the image. Demo marketplaces for hosts live in @pt/demo-marketplaces.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/*.e2e-spec.ts',
      '**/test/**',
      '**/e2e/**',
      '**/bench/**',
      'libs/testing/**',
      'scripts/**',
      'web/e2e/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [testKitInTestsOnly],
        },
      ],
      'no-restricted-syntax': ['error', requireOfTestKit],
    },
  },
  {
    // libs/domain is pure: no frameworks, no Node I/O, no services (ARCHITECTURE §8).
    files: ['libs/domain/src/**/*.ts'],
    ignores: ['libs/domain/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: frameworkAndIo,
              message: 'libs/domain holds pure rules: no framework, I/O or service imports.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'fetch', 'setTimeout', 'setInterval', 'require'],
    },
  },
  webLayer(
    ['web/src/ui/**/*.{ts,tsx}'],
    ['**/modules/**', '**/pages/**', '**/app/**'],
    'ui/ is the design system: it imports no feature module, page or app code (take it as a prop or context).',
  ),
  webLayer(
    ['web/src/modules/alerts/**/*.{ts,tsx}'],
    ['**/wishlist', '**/wishlist/**'],
    'alerts and wishlist do not import each other: shared code lives in lib/ or ui/, joins in modules/wishlist-alerts.',
  ),
  webLayer(
    ['web/src/modules/wishlist/**/*.{ts,tsx}'],
    ['**/alerts', '**/alerts/**'],
    'alerts and wishlist do not import each other: shared code lives in lib/ or ui/, joins in modules/wishlist-alerts.',
  ),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', requireOfTestKit, ...apiAnswerCasts] },
  },
  {
    files: ['web/src/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: "A page calls its feature module's api/ function, not fetch." },
      ],
    },
  },
);
