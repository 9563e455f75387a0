import fs from 'node:fs';
import path from 'node:path';
import { initialJavaScriptOfRoot, WEB_DIST } from './support/initial-js';

/** Issue 14: the initial JavaScript of `/` stays within 170 KB gzip (170 × 1000 bytes). */
export const INITIAL_JS_BUDGET_BYTES = 170_000;

describe('initial JavaScript of /', () => {
  it('stays within 170 KB gzip', () => {
    // npm test builds web/dist first (scripts/build.mjs); a missing build is a failure, not a skip.
    expect(fs.existsSync(path.join(WEB_DIST, '.vite', 'manifest.json'))).toBe(true);
    const { files, total } = initialJavaScriptOfRoot();
    console.log(
      `initial JS of /: ${(total / 1000).toFixed(1)} KB gzip in ${files.length} files (budget ${INITIAL_JS_BUDGET_BYTES / 1000} KB)`,
    );
    expect(files.length).toBeGreaterThan(1);
    expect(total).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });

  it('keeps the admin charts and the auth dialog out of it', () => {
    const { files } = initialJavaScriptOfRoot();
    const names = files.map((f) => f.file).join(' ');
    expect(names).not.toMatch(/admin-dashboard|auth-dialog-[^s]/);
  });
});

describe('source maps', () => {
  it('are built for the operator but no bundle links to one (the gateway does not serve them)', () => {
    const assets = path.join(WEB_DIST, 'assets');
    const bundles = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(bundles.length).toBeGreaterThan(1);
    expect(fs.readdirSync(assets).some((f) => f.endsWith('.js.map'))).toBe(true);
    const linking = bundles.filter((f) =>
      fs.readFileSync(path.join(assets, f), 'utf8').includes('sourceMappingURL'),
    );
    expect(linking).toEqual([]);
  });
});
