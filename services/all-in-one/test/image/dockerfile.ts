import fs from 'node:fs';

/**
 * The instructions of deploy/Dockerfile that the build-without-an-engine drill carries out
 * (image-steps.image-spec.ts). Only the subset the Dockerfile uses is understood; anything else is
 * an error, so a new instruction cannot be skipped silently.
 */
export type Instruction =
  | { kind: 'WORKDIR'; path: string }
  | { kind: 'COPY'; from?: string; sources: string[]; dest: string }
  | { kind: 'RUN'; command: string }
  | { kind: 'ENV'; vars: Record<string, string> }
  | { kind: 'USER'; user: string }
  | { kind: 'ENTRYPOINT' | 'CMD'; argv: string[] }
  | { kind: 'IGNORED'; keyword: 'EXPOSE' | 'HEALTHCHECK' };

export interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

/** Joins continuation lines and drops comments, as Docker reads the file. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (current === '' && /^\s*(#|$)/.test(line)) continue;
    // A comment line inside a continued instruction is dropped, not joined.
    if (current !== '' && /^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push((current + line).trim());
    current = '';
  }
  if (current.trim() !== '') lines.push(current.trim());
  return lines;
}

/** `KEY=value KEY2="quoted value"` (ENV's key=value form). */
export function parseEnvPairs(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  const pair = /([A-Za-z_][A-Za-z0-9_]*)=("((?:[^"\\]|\\.)*)"|\S*)/g;
  let rest = text.trim();
  for (let match = pair.exec(rest); match; match = pair.exec(rest)) {
    vars[match[1]!] = match[3] !== undefined ? match[3].replace(/\\(.)/g, '$1') : match[2]!;
  }
  rest = rest.replace(pair, '').trim();
  if (rest !== '') throw new Error(`ENV: cannot read "${rest}" (only KEY=value pairs are supported)`);
  return vars;
}

function parseInstruction(keyword: string, args: string): Instruction {
  switch (keyword) {
    case 'WORKDIR':
      return { kind: 'WORKDIR', path: args };
    case 'RUN':
      return { kind: 'RUN', command: args };
    case 'ENV':
      return { kind: 'ENV', vars: parseEnvPairs(args) };
    case 'USER':
      return { kind: 'USER', user: args };
    case 'ENTRYPOINT':
    case 'CMD':
      return { kind: keyword, argv: JSON.parse(args) as string[] };
    case 'EXPOSE':
    case 'HEALTHCHECK':
      return { kind: 'IGNORED', keyword };
    case 'COPY': {
      const words = args.split(/\s+/);
      let from: string | undefined;
      while (words[0]?.startsWith('--')) {
        const flag = words.shift()!;
        if (flag.startsWith('--from=')) from = flag.slice('--from='.length);
        // --chown: the drill runs as root and reads ownership from the RUN lines that set it.
        else if (!flag.startsWith('--chown=')) throw new Error(`COPY: unsupported flag ${flag}`);
      }
      if (words.length < 2) throw new Error(`COPY needs a source and a destination: ${args}`);
      return { kind: 'COPY', from, sources: words.slice(0, -1), dest: words.at(-1)! };
    }
    default:
      throw new Error(`unsupported Dockerfile instruction ${keyword}`);
  }
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const match = /^(\w+)\s+(.*)$/.exec(line);
    if (!match) throw new Error(`cannot read Dockerfile line: ${line}`);
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!;
    if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`cannot read FROM ${args}`);
      stages.push({ base: from[1]!, name: from[2] ?? String(stages.length), instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${keyword} before FROM`);
    stage.instructions.push(parseInstruction(keyword, args));
  }
  return stages;
}

export function readDockerfile(file: string): Stage[] {
  return parseDockerfile(fs.readFileSync(file, 'utf8'));
}
