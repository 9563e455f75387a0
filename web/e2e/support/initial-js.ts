import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export const WEB_DIST = path.resolve(__dirname, '..', '..', 'dist');

/**
 * The JavaScript the browser needs to render `/`: the entry chunk and everything it imports
 * statically (index.html's script and modulepreloads) plus the `/` route's lazy chunk and its static
 * imports. Chunks loaded only on interaction (menus, the auth dialog) or by other routes are not
 * counted. Sizes are gzip level 9 of each file, once per file.
 */
export function initialJavaScriptOfRoot(dist = WEB_DIST): {
  files: { file: string; gzip: number }[];
  total: number;
} {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const roots = ['index.html', 'src/pages/home-page.tsx'];
  for (const root of roots) if (!manifest[root]) throw new Error(`manifest has no chunk for ${root}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  const files = [...new Set([...seen].map((key) => manifest[key]!.file))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({
      file,
      gzip: zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length,
    }));
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}
