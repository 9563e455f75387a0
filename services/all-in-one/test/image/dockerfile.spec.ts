import path from 'node:path';
import { parseDockerfile, parseEnvPairs, readDockerfile } from './dockerfile';

const DOCKERFILE = path.resolve(__dirname, '..', '..', '..', '..', 'deploy', 'Dockerfile');

describe('reading deploy/Dockerfile for the build drill', () => {
  it('reads the three stages, their RUN lines whole and the runtime command', () => {
    const stages = readDockerfile(DOCKERFILE);
    expect(stages.map((s) => s.name)).toEqual(['build', 'prod-deps', 'runtime']);
    const runs = stages.flatMap((s) => s.instructions.filter((i) => i.kind === 'RUN'));
    expect(runs.length).toBeGreaterThanOrEqual(4);
    // Continuation lines are joined into one command, comments inside them dropped.
    expect(runs.some((r) => r.kind === 'RUN' && r.command.includes('npm ci --omit=dev'))).toBe(true);
    const runtime = stages.at(-1)!.instructions;
    expect(runtime).toContainEqual({ kind: 'USER', user: 'node' });
    expect(runtime).toContainEqual({
      kind: 'ENTRYPOINT',
      argv: ['node', 'services/all-in-one/dist/entrypoint.js'],
    });
    expect(runtime).toContainEqual(
      expect.objectContaining({ kind: 'ENV', vars: expect.objectContaining({ NODE_ENV: 'production' }) }),
    );
  });

  it('refuses instructions and flags it does not carry out, instead of skipping them', () => {
    expect(() => parseDockerfile('FROM a\nADD x y\n')).toThrow(/unsupported Dockerfile instruction ADD/);
    expect(() => parseDockerfile('FROM a\nCOPY --link x y\n')).toThrow(/unsupported flag --link/);
    expect(() => parseDockerfile('RUN true\n')).toThrow(/before FROM/);
  });

  it('reads ENV pairs, quoted values included', () => {
    expect(parseEnvPairs('A=1 B="two words" C=')).toEqual({ A: '1', B: 'two words', C: '' });
    expect(() => parseEnvPairs('A 1')).toThrow(/cannot read/);
  });
});
