import { spawn, spawnSync, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Instruction, Stage } from './dockerfile';

/**
 * Carries out deploy/Dockerfile's instructions on this machine, which has no container engine:
 * each stage gets a root filesystem of its own (a directory entered with `chroot` inside a private
 * mount namespace, `unshare --mount`), and every RUN line runs verbatim in its `/bin/sh -c`. So
 * `mkdir /out` meets no /out, as on a fresh image, and what a stage writes stays in its directory.
 *
 * - /usr, /etc, /opt: the host's, read-only. Its Node.js 20, npm and shell stand in for
 *   node:20-bookworm-slim; /bin, /lib, /lib64 and /sbin link into /usr as on Debian.
 * - /root: an overlay on the host's /root, so npm reads the host's registry settings and cache (as
 *   a BuildKit cache mount would) while `rm -rf /root/.npm` deletes only the stage's copy.
 * - /etc/passwd and /etc/group: the host's plus the base image's `node` user (uid 1000), which
 *   `chown node:node` and `USER node` name.
 * - /dev and /proc: the host's; /tmp and everything else: the stage's own.
 */
const HOST_READ_ONLY = ['usr', 'etc', 'opt'];
const USR_LINKS = ['bin', 'lib', 'lib64', 'sbin'];
const NODE_USER = { name: 'node', uid: 1000, gid: 1000 };

/** Why the drill cannot run here, or undefined when it can. */
export function buildUnavailableReason(): string | undefined {
  if (process.platform !== 'linux') return 'needs Linux mount namespaces';
  if (typeof process.getuid !== 'function' || process.getuid() !== 0)
    return 'needs root for a private mount namespace (unshare --mount) and chroot';
  for (const tool of ['unshare', 'chroot', 'setpriv', 'git']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `no ${tool} on PATH`;
  }
  const probe = spawnSync('unshare', ['--mount', '--propagation', 'private', 'true']);
  if (probe.status !== 0) return `unshare --mount failed: ${probe.stderr.toString().trim()}`;
  return undefined;
}

/** Paths of .dockerignore patterns (the forms the project's file uses: `name` and `** /name`). */
function ignoredBy(patterns: string[]): (relative: string) => boolean {
  return (relative) => {
    const parts = relative.split('/');
    return patterns.some((pattern) => {
      if (pattern.startsWith('**/')) return parts.includes(pattern.slice(3));
      return relative === pattern || relative.startsWith(`${pattern}/`);
    });
  };
}

function withNodeUser(hostFile: string, line: string): string {
  const text = fs.readFileSync(hostFile, 'utf8');
  const hasNode = text.split('\n').some((l) => l.startsWith(`${NODE_USER.name}:`));
  return hasNode ? text : `${text.trimEnd()}\n${line}\n`;
}

interface StageState {
  name: string;
  dir: string;
  workdir: string;
  env: Record<string, string>;
  user: string;
  entrypoint: string[];
  cmd: string[];
}

export interface BuildStepLog {
  stage: string;
  instruction: string;
  seconds: number;
}

export class ImageBuild {
  private readonly stages = new Map<string, StageState>();
  readonly log: BuildStepLog[] = [];
  private readonly ignored: (relative: string) => boolean;

  constructor(
    private readonly context: string,
    private readonly workDir: string,
  ) {
    const ignoreFile = path.join(context, '.dockerignore');
    const patterns = fs.existsSync(ignoreFile)
      ? fs
          .readFileSync(ignoreFile, 'utf8')
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l !== '' && !l.startsWith('#'))
      : [];
    this.ignored = ignoredBy(patterns);
  }

  async build(stages: Stage[]): Promise<void> {
    for (const stage of stages) await this.buildStage(stage);
  }

  /** Where a path of a stage's filesystem is on the host (for reading its result). */
  hostPath(stageName: string, absolute: string): string {
    if (absolute === '/root' || absolute.startsWith('/root/'))
      throw new Error('/root is an overlay, readable only inside the stage');
    return path.join(this.stage(stageName).dir, 'rootfs', absolute);
  }

  /** The stage's command line (ENTRYPOINT + the given or default CMD), environment and user. */
  runtime(stageName: string): Pick<StageState, 'entrypoint' | 'cmd' | 'env' | 'user'> {
    const { entrypoint, cmd, env, user } = this.stage(stageName);
    return { entrypoint, cmd, env: { ...env }, user };
  }

  /** Starts a process in the stage's filesystem, as its USER, like `docker run <image> <args>`. */
  start(stageName: string, args: string[], env: Record<string, string>): ChildProcess {
    const stage = this.stage(stageName);
    if (stage.user !== 'root' && stage.user !== NODE_USER.name)
      throw new Error(`USER ${stage.user}: only root and ${NODE_USER.name} are known`);
    const argv = [...stage.entrypoint, ...(args.length > 0 ? args : stage.cmd)];
    const asUser =
      stage.user === 'root'
        ? ''
        : `setpriv --reuid=${NODE_USER.uid} --regid=${NODE_USER.gid} --clear-groups `;
    const home = stage.user === 'root' ? '/root' : `/home/${NODE_USER.name}`;
    // A container of its own: its own writable /root layer (overlayfs refuses two mounts that
    // share a work directory, and the processes start at once).
    const layer = fs.mkdtempSync(path.join(stage.dir, 'container-'));
    return this.spawnInStage(stage, layer, `exec ${asUser}"$@"`, argv, {
      ...this.baseEnv(),
      HOME: home,
      ...stage.env,
      ...env,
    });
  }

  cleanUp(): void {
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }

  private stage(name: string): StageState {
    const stage = this.stages.get(name);
    if (!stage) throw new Error(`no stage ${name}`);
    return stage;
  }

  private baseEnv(): Record<string, string> {
    return { PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', HOME: '/root' };
  }

  /**
   * Shell lines that assemble the stage's root filesystem inside the new mount namespace, with
   * `layer`/upper as the writable layer of /root.
   */
  private mountScript(stage: StageState, layer: string): string {
    const d = stage.dir;
    const r = `${d}/rootfs`;
    return [
      ...HOST_READ_ONLY.flatMap((dir) => [
        `mount --rbind /${dir} "${r}/${dir}"`,
        `mount -o remount,bind,ro "${r}/${dir}"`,
      ]),
      `mount --bind "${d}/etc-passwd" "${r}/etc/passwd"`,
      `mount --bind "${d}/etc-group" "${r}/etc/group"`,
      `mount --rbind /dev "${r}/dev"`,
      `mount -t proc proc "${r}/proc"`,
      `mkdir -p "${layer}/upper" "${layer}/work"`,
      `mount -t overlay overlay -o lowerdir=/root,upperdir="${layer}/upper",workdir="${layer}/work" "${r}/root"`,
    ]
      .map((line) => `${line} && `)
      .join('');
  }

  /**
   * An `sh -c` script (its $0 the shell's name, $@ the command's arguments): assemble the root,
   * enter it, go to the WORKDIR, then run `tail` there.
   */
  private enterScript(stage: StageState, layer: string, tail: string): string {
    return `${this.mountScript(stage, layer)}cd "${stage.dir}/rootfs" && exec chroot . /bin/sh -c 'cd "$0" && shift && ${tail}' "${stage.workdir}" "$0" "$@"`;
  }

  /** A process in the stage's root (a mount namespace of its own): `tail` with `args` as its $@. */
  private spawnInStage(
    stage: StageState,
    layer: string,
    tail: string,
    args: string[],
    env: Record<string, string>,
  ): ChildProcessByStdio<null, Readable, Readable> {
    return spawn(
      'unshare',
      [
        '--mount',
        '--propagation',
        'private',
        '--',
        '/bin/sh',
        '-c',
        this.enterScript(stage, layer, tail),
        'sh',
        ...args,
      ],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
  }

  private async buildStage(stage: Stage): Promise<void> {
    const dir = path.join(this.workDir, 'stages', stage.name);
    const rootfs = path.join(dir, 'rootfs');
    for (const sub of [...HOST_READ_ONLY, 'dev', 'proc', 'root', 'tmp'])
      fs.mkdirSync(path.join(rootfs, sub), { recursive: true });
    fs.chmodSync(path.join(rootfs, 'tmp'), 0o1777);
    for (const link of USR_LINKS) fs.symlinkSync(`usr/${link}`, path.join(rootfs, link));
    const { name, uid, gid } = NODE_USER;
    fs.mkdirSync(path.join(rootfs, 'home', name), { recursive: true });
    fs.chownSync(path.join(rootfs, 'home', name), uid, gid);
    fs.writeFileSync(
      path.join(dir, 'etc-passwd'),
      withNodeUser('/etc/passwd', `${name}:x:${uid}:${gid}::/home/${name}:/bin/sh`),
    );
    fs.writeFileSync(path.join(dir, 'etc-group'), withNodeUser('/etc/group', `${name}:x:${gid}:`));
    const state: StageState = {
      name: stage.name,
      dir,
      workdir: '/',
      env: {},
      user: 'root',
      entrypoint: [],
      cmd: [],
    };
    this.stages.set(stage.name, state);
    for (const step of stage.instructions) {
      const started = Date.now();
      await this.apply(state, step);
      this.log.push({
        stage: stage.name,
        instruction: describe(step),
        seconds: (Date.now() - started) / 1000,
      });
    }
  }

  private async apply(state: StageState, step: Instruction): Promise<void> {
    switch (step.kind) {
      case 'WORKDIR':
        state.workdir = path.posix.resolve(state.workdir, step.path);
        fs.mkdirSync(this.hostPath(state.name, state.workdir), { recursive: true });
        return;
      case 'ENV':
        Object.assign(state.env, step.vars);
        return;
      case 'USER':
        state.user = step.user;
        return;
      case 'ENTRYPOINT':
        state.entrypoint = step.argv;
        return;
      case 'CMD':
        state.cmd = step.argv;
        return;
      case 'IGNORED':
        return;
      case 'COPY':
        this.copy(state, step);
        return;
      case 'RUN':
        await this.run(state, step.command);
        return;
    }
  }

  private copy(state: StageState, step: Extract<Instruction, { kind: 'COPY' }>): void {
    const destAbsolute = path.posix.resolve(state.workdir, step.dest);
    const intoDirectory = step.dest.endsWith('/') || step.sources.length > 1;
    for (const source of step.sources) {
      const from = step.from ? this.hostPath(step.from, source) : path.join(this.context, source);
      if (!fs.existsSync(from)) throw new Error(`COPY: ${source} does not exist`);
      const isDir = fs.statSync(from).isDirectory();
      // Docker copies a directory's contents, and a file into a directory when the destination
      // ends with "/" (or there are several sources).
      const target =
        isDir || !intoDirectory ? destAbsolute : path.posix.join(destAbsolute, path.basename(source));
      const hostTarget = this.hostPath(state.name, target);
      fs.mkdirSync(isDir ? hostTarget : path.dirname(hostTarget), { recursive: true });
      fs.cpSync(from, hostTarget, {
        recursive: true,
        verbatimSymlinks: true,
        filter: (src) => step.from !== undefined || !this.ignored(path.relative(this.context, src)),
      });
    }
  }

  private run(state: StageState, command: string): Promise<void> {
    return new Promise((resolve, reject) => {
      // The build's RUN lines share one /root layer, as a stage's layers stack in an image.
      const child = this.spawnInStage(
        state,
        path.join(state.dir, 'build-layer'),
        'exec /bin/sh -c "$1"',
        [command],
        {
          ...this.baseEnv(),
          ...state.env,
        },
      );
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-8000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`RUN ${command}\nexited with ${code}:\n${output}`)),
      );
    });
  }
}

function describe(step: Instruction): string {
  switch (step.kind) {
    case 'RUN':
      return `RUN ${step.command.slice(0, 60)}`;
    case 'COPY':
      return `COPY ${step.from ? `--from=${step.from} ` : ''}${step.sources.join(' ')} ${step.dest}`;
    default:
      return step.kind;
  }
}
