import fs from 'node:fs';
import path from 'node:path';

/** Bytes of files under a directory, not following symlinks, skipping nested node_modules. */
export function directoryBytes(dir: string, skipNodeModules = false): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      if (skipNodeModules && entry.name === 'node_modules') continue;
      total += directoryBytes(full, skipNodeModules);
    } else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

/** Node's lookup of a package from a directory: the nearest node_modules/<name> upwards. */
function resolvePackage(appRoot: string, fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; dir.startsWith(appRoot); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (dir === appRoot) break;
  }
  return undefined;
}

export interface ServiceFootprint {
  service: string;
  /** The service's own dist/ and migrations/. */
  ownBytes: number;
  /** The workspace libraries it loads (@pt/*). */
  libraryBytes: number;
  /** npm packages in its production dependency closure. */
  dependencyBytes: number;
  dependencyCount: number;
}

/**
 * What one service needs of the pruned output: its own files plus the closure of its production
 * dependencies, resolved the way Node resolves them from the service's directory.
 */
export function serviceFootprint(appRoot: string, service: string): ServiceFootprint {
  const own = path.join(appRoot, 'services', service);
  const seen = new Set<string>([own]);
  const queue = [own];
  let libraryBytes = 0;
  let dependencyBytes = 0;
  let dependencyCount = 0;
  while (queue.length > 0) {
    const dir = queue.shift()!;
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) {
      const found = resolvePackage(appRoot, dir, name);
      if (!found || seen.has(found)) continue;
      seen.add(found);
      queue.push(found);
      const bytes = directoryBytes(found, true);
      const isLibrary =
        found.startsWith(path.join(appRoot, 'libs')) && !found.includes(`${path.sep}node_modules${path.sep}`);
      if (isLibrary) libraryBytes += bytes;
      else {
        dependencyBytes += bytes;
        dependencyCount++;
      }
    }
  }
  return { service, ownBytes: directoryBytes(own, true), libraryBytes, dependencyBytes, dependencyCount };
}

export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
