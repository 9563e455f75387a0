import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import { repoRoot } from '@pt/testing';

/**
 * The chaos tier's own Kafka-protocol cluster: librdkafka's mock (scripts/kafka-mock), compiled
 * here, since the tier runs after CI's cluster is stopped and it stops brokers, which nothing else
 * may share. Its stdin is the control channel (`down <id>` / `up <id>`, broker ids 1..n).
 */
const SOURCE = path.join(repoRoot, 'scripts/kafka-mock/kafka-mock-cluster.c');
const HEADER = '/usr/include/librdkafka/rdkafka_mock.h';

/** Why the mock cannot be built here, or undefined when it can. */
export function kafkaMockUnavailableReason(): string | undefined {
  if (!fs.existsSync(HEADER)) return `no librdkafka mock header (${HEADER}; Debian's librdkafka-dev)`;
  try {
    execFileSync('sh', ['-c', 'command -v gcc'], { stdio: 'ignore' });
  } catch {
    return 'no gcc on PATH to build the Kafka mock cluster';
  }
  return undefined;
}

export class OwnKafkaMock {
  private readonly answers: string[] = [];
  private waiting?: () => void;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly dir: string,
    readonly bootstraps: string,
    lines: AsyncIterable<string>,
  ) {
    void (async () => {
      for await (const line of lines) {
        this.answers.push(line);
        this.waiting?.();
      }
    })();
  }

  static async start(brokers = 3): Promise<OwnKafkaMock> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pt-chaos-kafka-'));
    const binary = path.join(dir, 'kafka-mock-cluster');
    execFileSync('gcc', ['-O2', '-o', binary, SOURCE, '-lrdkafka'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const child = spawn(binary, [String(brokers)], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const first = await Promise.race([
      lines.next(),
      new Promise<never>((_, reject) =>
        child.once('exit', (code) => reject(new Error(`the Kafka mock exited (${code}): ${stderr}`))),
      ),
    ]);
    if (first.done || !first.value) throw new Error(`the Kafka mock printed no bootstrap list: ${stderr}`);
    return new OwnKafkaMock(child, dir, first.value, { [Symbol.asyncIterator]: () => lines });
  }

  private async withAdmin<T>(work: (admin: Admin) => Promise<T>): Promise<T> {
    const admin = new Kafka({ brokers: this.bootstraps.split(','), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      return await work(admin);
    } finally {
      await admin.disconnect();
    }
  }

  /** The broker that leads most partitions of `topic` (the one whose stop hurts it most). */
  busiestLeader(topic: string): Promise<number> {
    return this.withAdmin(async (admin) => {
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
      const led = new Map<number, number>();
      for (const p of topics[0]?.partitions ?? []) led.set(p.leader, (led.get(p.leader) ?? 0) + 1);
      const [busiest] = [...led].sort((a, b) => b[1] - a[1]);
      if (!busiest) throw new Error(`topic ${topic} has no partitions`);
      return busiest[0];
    });
  }

  /** The broker drops its connections and refuses new ones; its partitions keep it as leader. */
  down(id: number): Promise<void> {
    return this.command(`down ${id}`);
  }

  up(id: number): Promise<void> {
    return this.command(`up ${id}`);
  }

  private async command(line: string): Promise<void> {
    this.child.stdin.write(`${line}\n`);
    const deadline = Date.now() + 5000;
    while (this.answers.length === 0) {
      if (Date.now() > deadline) throw new Error(`the Kafka mock did not answer "${line}"`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 100);
      });
    }
    const answer = this.answers.shift();
    if (answer !== `ok ${line}`) throw new Error(`the Kafka mock answered "${line}" with "${answer}"`);
  }

  async destroy(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
