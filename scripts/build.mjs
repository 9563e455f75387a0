// Compiles every workspace's src/ to dist/ with swc (type checking is `npm run check`), then the
// web app with Vite. Only files newer than their output are rebuilt, so a second start is quick.
import { transformFile } from '@swc/core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));
delete swcrc.$schema;

function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(int-)?spec\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    )
      yield full;
  }
}

async function buildPackage(pkgDir) {
  const src = path.join(pkgDir, 'src');
  if (!fs.existsSync(src)) return 0;
  let built = 0;
  for (const file of sources(src)) {
    const out = path.join(pkgDir, 'dist', path.relative(src, file)).replace(/\.tsx?$/, '.js');
    if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= fs.statSync(file).mtimeMs) continue;
    const { code, map } = await transformFile(file, {
      ...swcrc,
      filename: file,
      sourceFileName: path.relative(path.dirname(out), file),
      swcrc: false,
    });
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${code}\n//# sourceMappingURL=${path.basename(out)}.map`);
    if (map) fs.writeFileSync(`${out}.map`, map);
    built++;
  }
  return built;
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildWeb() {
  const web = path.join(root, 'web');
  const index = path.join(web, 'dist', 'index.html');
  const inputs = [
    path.join(web, 'src'),
    path.join(root, 'libs', 'contracts', 'src'),
    path.join(root, 'libs', 'domain', 'src'),
  ];
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= Math.max(...inputs.map(newestMtime)))
    return false;
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: web, stdio: 'inherit' },
  );
  return true;
}

async function buildExtensionIfStale() {
  const dir = path.join(root, 'extension');
  // The server image (deploy/Dockerfile) copies no extension: there is nothing to build.
  if (!fs.existsSync(path.join(dir, 'src'))) return false;
  const manifest = path.join(dir, 'dist', 'manifest.json');
  const inputs = [
    path.join(dir, 'src'),
    path.join(dir, 'manifest.json'),
    path.join(root, 'libs', 'domain', 'src'),
  ];
  const newest = Math.max(
    ...inputs.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)),
  );
  if (!process.env.EXTENSION_APP_ORIGIN && fs.existsSync(manifest) && fs.statSync(manifest).mtimeMs >= newest)
    return false;
  const { buildExtension } = await import('../extension/build.mjs');
  await buildExtension(
    process.env.EXTENSION_APP_ORIGIN ? { appOrigin: process.env.EXTENSION_APP_ORIGIN } : {},
  );
  return true;
}

const started = Date.now();
let files = 0;
for (const group of ['libs', 'services']) {
  for (const name of fs.readdirSync(path.join(root, group)))
    files += await buildPackage(path.join(root, group, name));
}
const web = process.argv.includes('--no-web') ? false : buildWeb();
// The browser extension (extension/dist, for the local app unless EXTENSION_APP_ORIGIN says another).
const extension = process.argv.includes('--no-web') ? false : await buildExtensionIfStale();
console.log(
  `build: ${files} file(s) compiled${web ? ', web rebuilt' : ''}${extension ? ', extension rebuilt' : ''} in ${Date.now() - started} ms`,
);
