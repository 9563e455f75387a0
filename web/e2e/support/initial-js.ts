import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export const WEB_DIST = path.resolve(__dirname, '..', '..', 'dist');

/** The routes whose first screen has a budget, by the page module their route loads. */
export const ROUTE_PAGES = {
  '/': 'src/pages/home-page.tsx',
  '/search': 'src/pages/search-page.tsx',
  '/product/:id': 'src/pages/product-page.tsx',
} as const;
export type BudgetedRoute = keyof typeof ROUTE_PAGES;

export interface InitialJavaScript {
  files: { file: string; gzip: number }[];
  total: number;
}

const readManifest = (dist: string) =>
  JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;

/**
 * The JavaScript the browser needs to render a route: the entry chunk and everything it imports
 * statically (index.html's script and modulepreloads) plus the route's lazy page chunk and its
 * static imports. Chunks loaded only on interaction (menus, the auth dialog), after the page has
 * loaded (auth-js for a signed-out visitor, the toaster) or by other routes are not counted. Sizes
 * are gzip level 9 of each file, once per file.
 */
export function initialJavaScriptOf(route: BudgetedRoute, dist = WEB_DIST): InitialJavaScript {
  const manifest = readManifest(dist);
  const roots = ['index.html', ROUTE_PAGES[route]];
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

/**
 * The npm packages bundled into some files, read from their (hidden) source maps: what a chunk
 * really carries, whatever the bundler named it. A file without a map adds nothing (callers check
 * that the packages they know are there are found).
 */
export function packagesIn(files: readonly string[], dist = WEB_DIST): Set<string> {
  const packages = new Set<string>();
  for (const file of files) {
    const mapFile = path.join(dist, `${file}.map`);
    // The bundler's own runtime helper has no sources, hence no map.
    if (!fs.existsSync(mapFile)) continue;
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
    for (const source of map.sources) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
      if (match?.[1]) packages.add(match[1]);
    }
  }
  return packages;
}
