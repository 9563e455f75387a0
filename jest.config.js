// Five tiers share one transform: unit (*.spec.ts, no I/O), integration (*.int-spec.ts, real
// Postgres/Redis/SMTP through the ports), e2e (*.e2e-spec.ts, the running system in Chromium) and
// chaos (*.chaos-spec.ts, the running system while its own Postgres and Redis are broken) and image
// (*.image-spec.ts, deploy/Dockerfile's steps carried out without a container engine). Workspace packages resolve to their TypeScript sources.
const fs = require('node:fs');
const path = require('node:path');

const swcConfig = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcConfig.$schema;

const moduleNameMapper = {};
for (const group of ['libs', 'services']) {
  for (const dir of fs.readdirSync(path.join(__dirname, group))) {
    const pkgFile = path.join(__dirname, group, dir, 'package.json');
    if (!fs.existsSync(pkgFile)) continue;
    const { name } = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
    moduleNameMapper[`^${name}$`] = `<rootDir>/${group}/${dir}/src`;
    moduleNameMapper[`^${name}/(.*)$`] = `<rootDir>/${group}/${dir}/src/$1`;
  }
}

const ESM_ONLY = ['arctic', '@oslojs'].join('|');

const common = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', { ...swcConfig, sourceMaps: 'inline' }],
    // ESM-only packages: Node 20 requires them from our CommonJS build, jest's runtime does not.
    [`/node_modules/(${ESM_ONLY})/.+\\.js$`]: ['@swc/jest', swcConfig],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY})/)`],
  moduleNameMapper,
  roots: [
    '<rootDir>/libs',
    '<rootDir>/services',
    '<rootDir>/web/e2e',
    '<rootDir>/web/src',
    '<rootDir>/extension',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  reporters: ['default', '<rootDir>/scripts/adapter-reporter.js'],
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/?(*.)spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/scripts/jest-integration-setup.js'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/scripts/jest-integration-setup.js'],
    },
    {
      ...common,
      displayName: 'chaos',
      testMatch: ['**/*.chaos-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/scripts/jest-integration-setup.js'],
    },
    {
      ...common,
      displayName: 'image',
      testMatch: ['**/*.image-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/scripts/jest-integration-setup.js'],
    },
  ],
};
