// Builds the browser extension into a folder Chromium loads unpacked (or a store zips): the
// manifest with the app's origin as its one host permission, and one bundled script per context.
// The app origin is fixed at build time: EXTENSION_APP_ORIGIN or --app-origin, else the local app.
import { build } from 'rolldown';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const DEFAULT_APP_ORIGIN = 'http://localhost:8080';
const ENTRIES = ['content', 'background'];

/** The origin alone ("http://localhost:8080"): a path or query would widen nothing, but is refused. */
function originOf(value) {
  const url = new URL(value);
  if (!['http:', 'https:'].includes(url.protocol) || url.origin !== value.replace(/\/$/, ''))
    throw new Error(`the app origin must be an http(s) origin, got ${value}`);
  return url.origin;
}

export async function buildExtension({
  appOrigin = DEFAULT_APP_ORIGIN,
  outDir = path.join(here, 'dist'),
} = {}) {
  const origin = originOf(appOrigin);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  for (const entry of ENTRIES) {
    await build({
      input: path.join(here, 'src', `${entry}.ts`),
      // Content scripts are classic scripts; one self-contained file per context.
      output: { file: path.join(outDir, `${entry}.js`), format: 'iife', minify: false },
      resolve: { alias: { '@pt/domain': path.join(root, 'libs', 'domain', 'src', 'index.ts') } },
      logLevel: 'warn',
    });
  }
  const manifest = fs
    .readFileSync(path.join(here, 'manifest.json'), 'utf8')
    .replaceAll('__APP_ORIGIN__', origin);
  fs.writeFileSync(path.join(outDir, 'manifest.json'), manifest);
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flag = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const outDir = await buildExtension({
    appOrigin: flag('--app-origin') ?? process.env.EXTENSION_APP_ORIGIN ?? DEFAULT_APP_ORIGIN,
    ...(flag('--out') ? { outDir: path.resolve(flag('--out')) } : {}),
  });
  console.log(`extension: built ${path.relative(process.cwd(), outDir) || '.'}`);
}
