import fs from 'node:fs';
import path from 'node:path';

/**
 * web/README.md, Layout: a feature with several files of a kind keeps them in components/ hooks/
 * api/ utils/, a small one keeps them flat; a stylesheet sits beside what it styles. A module is
 * either foldered (no code at its top) or flat (at most one file of each kind).
 */
const FOLDERS = ['components', 'hooks', 'api', 'utils'] as const;
type Kind = (typeof FOLDERS)[number];

const isSpec = (file: string) => /\.spec\.tsx?$/.test(file);
const isStyle = (file: string) => file.endsWith('.css');

/** What a code file is, by the naming the modules use. */
function kindOf(file: string): Kind {
  if (/^use-.*\.tsx?$/.test(file) || /-context\.tsx$/.test(file)) return 'hooks';
  if (file.endsWith('.tsx')) return 'components';
  if (/-api\.ts$/.test(file) || /^fetch-/.test(file)) return 'api';
  return 'utils';
}

/** api/ and utils/ both hold plain modules; their names do not tell one from the other. */
const fitsFolder = (folder: Kind, file: string): boolean =>
  folder === 'api' || folder === 'utils'
    ? file.endsWith('.ts') && kindOf(file) !== 'hooks'
    : kindOf(file) === folder;

/** A module's files by their path inside it (`a.ts`, `components/b.tsx`). */
export function layoutProblems(module: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  const top = files.filter((f) => !f.includes('/'));
  const nested = files.filter((f) => f.includes('/'));
  for (const file of nested) {
    const [folder, ...rest] = file.split('/');
    const name = rest.join('/');
    if (!(FOLDERS as readonly string[]).includes(folder ?? '') || rest.length !== 1)
      problems.push(`${module}/${file}: only ${FOLDERS.join('/ ')}/ one level deep`);
    else if (!isSpec(name) && !isStyle(name) && !fitsFolder(folder as Kind, name))
      problems.push(`${module}/${file}: a file of ${kindOf(name)}/ in ${folder}/`);
  }
  const code = top.filter((f) => !isSpec(f) && !isStyle(f));
  if (nested.length > 0) {
    for (const file of code) problems.push(`${module}/${file}: code beside the folders (move it into one)`);
    return problems;
  }
  for (const kind of FOLDERS) {
    const ofKind = code.filter((f) => kindOf(f) === kind);
    if (ofKind.length > 1)
      problems.push(`${module}: ${ofKind.join(', ')} are several ${kind}: keep them in ${kind}/`);
  }
  return problems;
}

function filesOf(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesOf(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    );
}

describe('feature modules follow the layout of web/README.md', () => {
  const modulesDir = __dirname;
  const modules = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

  it.each(modules)('%s', (module) => {
    expect(layoutProblems(module, filesOf(path.join(modulesDir, module)))).toEqual([]);
  });

  it('names a module that mixes folders and top-level code, an unknown folder, or a crowded flat one', () => {
    expect(layoutProblems('m', ['components/a.tsx', 'b.ts', 'x.css', 'b.spec.ts'])).toEqual([
      'm/b.ts: code beside the folders (move it into one)',
    ]);
    expect(layoutProblems('m', ['parts/a.tsx', 'utils/deep/b.ts', 'utils/use-c.ts'])).toEqual([
      'm/parts/a.tsx: only components/ hooks/ api/ utils/ one level deep',
      'm/utils/deep/b.ts: only components/ hooks/ api/ utils/ one level deep',
      'm/utils/use-c.ts: a file of hooks/ in utils/',
    ]);
    expect(
      layoutProblems('m', ['a.tsx', 'b.tsx', 'c.ts', 'm-api.ts', 'use-d.ts', 'c.spec.ts', 'a.css']),
    ).toEqual(['m: a.tsx, b.tsx are several components: keep them in components/']);
    expect(layoutProblems('m', ['a.tsx', 'c.ts', 'c.spec.ts'])).toEqual([]);
  });
});
