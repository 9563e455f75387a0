import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { deadLetterTopic, EventEnvelopeSchema, type EventEnvelope } from '@pt/contracts';
import type { CrashableSubscription, EventBus, EventHandler, SubscribeOptions } from './event-bus.port';
import {
  deadLetterEnvelope,
  deliver,
  parseEnvelope,
  resolvePolicy,
  Stopper,
  type DeliveryPolicy,
  type EventsLogger,
} from './delivery';
import { partitionOf } from './partition';

export interface RedisStreamsBusOptions {
  url: string;
  /** Prefix of every key, so deployments (and test runs) sharing a Redis stay apart. */
  prefix?: string;
  /** Streams per topic (default 8). Every producer and consumer of a topic must agree on it. */
  partitions?: number;
  /** Approximate entries kept per partition stream (MAXLEN ~, default 10 000). */
  maxLen?: number;
  /**
   * Entries older than this are trimmed as well (MINID ~, default 1 h, EVENT_STREAM_MAX_AGE_MS;
   * 0 = by count only). A count alone lets a quiet topic's streams hold hours of events, and Redis
   * memory grew with every one of them.
   */
  maxAgeMs?: number;
  /**
   * A per-process group (SubscribeOptions.perProcess) nobody has heartbeated for this long is
   * destroyed (default 10 min, EVENT_GROUP_IDLE_MS).
   */
  groupIdleMs?: number;
  /** How long a partition stays with a consumer that stopped renewing (default 15 s). */
  leaseMs?: number;
  /** Longest wait of one XREADGROUP (default 2 s). */
  blockMs?: number;
  /** Entries read per XREADGROUP (default 10); they stay pending until handled. */
  batchSize?: number;
  /**
   * How long a consumer may fail to read before the bus reports itself not ready (default 30 s),
   * so an orchestrator notices a consumer that does not recover by itself.
   */
  stuckAfterMs?: number;
  logger?: EventsLogger;
}

/** How long stream entries are kept at most (EVENT_STREAM_MAX_AGE_MS). */
export const DEFAULT_STREAM_MAX_AGE_MS = 60 * 60 * 1000;

/** How long a per-process group may go without a heartbeat before it is destroyed (EVENT_GROUP_IDLE_MS). */
export const DEFAULT_GROUP_IDLE_MS = 10 * 60 * 1000;

type Settings = Required<Omit<RedisStreamsBusOptions, 'logger'>> & { logger?: EventsLogger };
type StreamEntry = [id: string, fields: string[]];

// Lease scripts compare the owner before touching the key, so a consumer never extends or frees a
// lease that already passed to another consumer.
const ACQUIRE = `local v = redis.call('get', KEYS[1])
if v == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
// Deleting a consumer drops its pending entries, so only one with none, checked atomically.
const DELETE_IDLE_CONSUMER = `if #redis.call('xpending', KEYS[1], ARGV[1], '-', '+', 1, ARGV[2]) == 0 then
  return redis.call('xgroup', 'delconsumer', KEYS[1], ARGV[1], ARGV[2]) end return -1`;

/**
 * Redis Streams adapter (distributed mode on one machine).
 *
 * A topic is `partitions` streams, `<prefix>:<topic>:<p>`; an event goes to the stream its key
 * hashes to, so one key's events sit in one stream in publish order. Each consumer group reads
 * every stream through a Redis consumer group, and each (group, partition) is leased to ONE
 * consumer at a time (`<prefix>:lease:<topic>:<group>:<p>`, SET NX PX, renewed at a third of its
 * life), which handles that stream's entries one by one: per-key order within the group.
 *
 * At-least-once: an entry is XACKed only after its handler succeeded or it was dead-lettered. A
 * consumer that dies stops renewing; when its leases expire another consumer of the group takes the
 * partitions over and first XAUTOCLAIMs their pending entries (oldest first, before anything new),
 * which is the redelivery after a crash. The delivery count Redis keeps per pending entry is the
 * attempt number, so a message that keeps killing its consumers still ends in the DLQ.
 *
 * Consumers of a group heartbeat into `<prefix>:members:<topic>:<group>`; each owns at most its
 * fair share (partitions / live consumers, rounded up) and hands back extra partitions — after the
 * entry in hand — when another consumer joins, so a group's work spreads over its processes.
 *
 * Groups are created at `0`: a group that appears after events were published still reads what
 * the streams retain, so events relayed before a consumer's first start are not lost.
 */
export class RedisStreamsEventBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly settings: Settings;
  private readonly publisher: Redis;
  private readonly subscriptions = new Set<RedisSubscription>();
  private sweepTimer?: NodeJS.Timeout;

  constructor(options: RedisStreamsBusOptions) {
    this.settings = {
      prefix: 'pt:events',
      partitions: 8,
      maxLen: 10_000,
      maxAgeMs: DEFAULT_STREAM_MAX_AGE_MS,
      groupIdleMs: DEFAULT_GROUP_IDLE_MS,
      leaseMs: 15_000,
      blockMs: 2_000,
      batchSize: 10,
      stuckAfterMs: 30_000,
      ...options,
    };
    this.publisher = this.connect();
  }

  streamKey(topic: string, partition: number): string {
    return `${this.settings.prefix}:${topic}:${partition}`;
  }

  leaseKey(topic: string, group: string, partition: number): string {
    return `${this.settings.prefix}:lease:${topic}:${group}:${partition}`;
  }

  /** Live consumers of a group (sorted set, score = when their heartbeat runs out). */
  membersKey(topic: string, group: string): string {
    return `${this.settings.prefix}:members:${topic}:${group}`;
  }

  /** Every per-process group (JSON [topic, group]), for the sweep that removes the dead ones. */
  perProcessGroupsKey(): string {
    return `${this.settings.prefix}:per-process-groups`;
  }

  /** Marks one incarnation of the Redis data set; a new value means Redis came back empty. */
  epochKey(): string {
    return `${this.settings.prefix}:epoch`;
  }

  /**
   * The bus's current epoch: a random value stored in Redis the first time anyone asks. When Redis
   * loses its data (restart without persistence, failover to an empty replica) the key is gone, the
   * next caller stores a new one, and every outbox relay that remembers the old value republishes
   * its replay window (OutboxRelay): events relayed into the lost streams are not lost.
   */
  async epoch(): Promise<string> {
    const fresh = randomBytes(8).toString('hex');
    await this.publisher.set(this.epochKey(), fresh, 'NX');
    return (await this.publisher.get(this.epochKey())) ?? fresh;
  }

  /**
   * Destroys the consumer groups of `topic` named `prefix…` (all but `except`) that have no live
   * consumer: groups made per process (a cache's invalidation feed) would otherwise pile up, one
   * per restart, each keeping its pending entries. A group destroyed while its process was only
   * starting is recreated by that process on its next read (NOGROUP). Returns the groups destroyed.
   */
  async forgetIdleGroups(topic: string, prefix: string, except?: string): Promise<string[]> {
    const partitions = Array.from({ length: this.settings.partitions }, (_, p) => p);
    const groups = new Set<string>();
    for (const p of partitions) {
      const info = (await this.publisher
        .xinfo('GROUPS', this.streamKey(topic, p))
        .catch(() => [])) as unknown[][];
      for (const fields of info) {
        const name = fields[fields.indexOf('name') + 1];
        if (typeof name === 'string' && name.startsWith(prefix) && name !== except) groups.add(name);
      }
    }
    const forgotten: string[] = [];
    for (const group of groups) {
      if ((await this.publisher.zcount(this.membersKey(topic, group), Date.now(), '+inf')) > 0) continue;
      for (const p of partitions)
        await this.publisher.xgroup('DESTROY', this.streamKey(topic, p), group).catch(() => 0);
      await this.publisher.del(
        this.membersKey(topic, group),
        ...partitions.map((p) => this.leaseKey(topic, group, p)),
      );
      forgotten.push(group);
    }
    return forgotten;
  }

  /**
   * Destroys the per-process groups (SubscribeOptions.perProcess) whose consumers have all been
   * gone for groupIdleMs: the last heartbeat of their members ran out that long ago, or their
   * members key expired. Live groups heartbeat every leaseMs / 3, so none of them qualifies; one
   * whose process only lost Redis for longer is recreated at `0` by that process (NOGROUP).
   * Runs every few minutes in every process that subscribes. Returns the groups destroyed.
   */
  async forgetDeadProcessGroups(): Promise<Array<{ topic: string; group: string }>> {
    const registry = this.perProcessGroupsKey();
    const forgotten: Array<{ topic: string; group: string }> = [];
    const idleSince = Date.now() - this.settings.groupIdleMs;
    for (const member of await this.publisher.smembers(registry)) {
      let topic: string, group: string;
      try {
        [topic, group] = JSON.parse(member) as [string, string];
      } catch {
        await this.publisher.srem(registry, member);
        continue;
      }
      const last = await this.publisher.zrange(this.membersKey(topic, group), -1, -1, 'WITHSCORES');
      if (last.length === 2 && Number(last[1]) >= idleSince) continue;
      const partitions = Array.from({ length: this.settings.partitions }, (_, p) => p);
      for (const p of partitions)
        await this.publisher.xgroup('DESTROY', this.streamKey(topic, p), group).catch(() => 0);
      await this.publisher.del(
        this.membersKey(topic, group),
        ...partitions.map((p) => this.leaseKey(topic, group, p)),
      );
      await this.publisher.srem(registry, member);
      forgotten.push({ topic, group });
    }
    if (forgotten.length > 0)
      this.settings.logger?.info(
        { groups: forgotten.map((g) => `${g.topic}/${g.group}`) },
        'removed the consumer groups of stopped processes',
      );
    return forgotten;
  }

  private startGroupSweep(): void {
    if (this.sweepTimer) return;
    const sweep = () =>
      void this.forgetDeadProcessGroups().catch((error: unknown) =>
        this.settings.logger?.warn(
          { err: error },
          'could not remove the consumer groups of stopped processes',
        ),
      );
    sweep();
    this.sweepTimer = setInterval(
      sweep,
      Math.min(5 * 60_000, Math.max(1_000, this.settings.groupIdleMs / 4)),
    );
    this.sweepTimer.unref();
  }

  /** @internal */
  connect(): Redis {
    const redis = new Redis(this.settings.url, { maxRetriesPerRequest: 3 });
    // Connection errors surface on the commands; without a listener ioredis would log each retry.
    redis.on('error', () => undefined);
    return redis;
  }

  async publish(topic: string, envelopes: EventEnvelope | EventEnvelope[]): Promise<void> {
    const list = Array.isArray(envelopes) ? envelopes : [envelopes];
    if (list.length === 0) return;
    // One pipeline keeps the batch in order on the wire.
    const pipeline = this.publisher.pipeline();
    const streams = new Set<string>();
    for (const envelope of list) {
      const valid = EventEnvelopeSchema.parse(envelope);
      const stream = this.streamKey(topic, partitionOf(valid.key, this.settings.partitions));
      streams.add(stream);
      pipeline.xadd(stream, 'MAXLEN', '~', this.settings.maxLen, '*', 'envelope', JSON.stringify(valid));
    }
    // XADD trims by one measure only: the age goes in a second command. Stream ids start with the
    // milliseconds of the Redis clock, so `<now - age>-0` is the oldest id kept (give or take
    // the clocks' skew and `~`, which drops whole nodes only: cheap).
    if (this.settings.maxAgeMs > 0) {
      const minId = `${Math.max(0, Date.now() - this.settings.maxAgeMs)}-0`;
      for (const stream of streams) pipeline.xtrim(stream, 'MINID', '~', minId);
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  async subscribe(
    topic: string,
    group: string,
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Promise<CrashableSubscription> {
    const subscription = new RedisSubscription(
      this,
      this.settings,
      topic,
      group,
      handler,
      resolvePolicy(options),
      options?.perProcess ?? false,
    );
    this.subscriptions.add(subscription);
    try {
      await subscription.start();
    } catch (error) {
      await subscription.close().catch(() => undefined);
      throw error;
    }
    this.startGroupSweep();
    return subscription;
  }

  /** @internal */
  forget(subscription: RedisSubscription): void {
    this.subscriptions.delete(subscription);
  }

  /** Throws when Redis does not answer, or when a consumer has not been able to read for too long. */
  async ping(): Promise<void> {
    await this.publisher.ping();
    for (const subscription of this.subscriptions) {
      const stuckFor = subscription.failingForMs();
      if (stuckFor > this.settings.stuckAfterMs)
        throw new Error(
          `consumer ${subscription.name} has not read for ${Math.round(stuckFor / 1000)} s: ${subscription.lastError}`,
        );
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.publisher.quit().catch(() => this.publisher.disconnect());
  }
}

class RedisSubscription implements CrashableSubscription {
  /** Non-blocking commands: leases, XACK, XAUTOCLAIM, dead letters. */
  private readonly cmd: Redis;
  /** One connection per partition for the blocking XREADGROUP, opened when first owned. */
  private readonly readers = new Map<number, Redis>();
  private readonly owned = new Set<number>();
  /** Owned partitions to hand back once the entry in hand is done, because others joined. */
  private readonly yielding = new Set<number>();
  /** How many partitions this consumer may own: its fair share among the group's live consumers. */
  private share: number;
  private readonly stopper = new Stopper();
  private readonly consumer = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private loops: Promise<void>[] = [];
  private renewTimer?: NodeJS.Timeout;
  /** When the current run of read failures began (undefined while reads succeed). */
  private failingSince?: number;
  /** The latest read failure, for the health check and the recovery log line. */
  lastError = '';

  constructor(
    private readonly bus: RedisStreamsEventBus,
    private readonly settings: Settings,
    private readonly topic: string,
    private readonly group: string,
    private readonly handler: EventHandler,
    private readonly policy: DeliveryPolicy,
    private readonly perProcess: boolean,
  ) {
    this.cmd = bus.connect();
    this.share = settings.partitions;
  }

  get name(): string {
    return `${this.topic}/${this.group}`;
  }

  /** How long reads have been failing without a success in between (0 when they succeed). */
  failingForMs(): number {
    return this.failingSince === undefined ? 0 : Date.now() - this.failingSince;
  }

  /** One warning per outage, not one per partition and retry; the recovery is logged once too. */
  private noteFailure(error: unknown): void {
    this.lastError = error instanceof Error ? error.message : String(error);
    if (this.failingSince !== undefined) return;
    this.failingSince = Date.now();
    this.settings.logger?.warn(
      { topic: this.topic, group: this.group, err: this.lastError },
      'redis consumer cannot read; retrying until Redis answers',
    );
  }

  private noteSuccess(): void {
    if (this.failingSince === undefined) return;
    const downMs = Date.now() - this.failingSince;
    this.failingSince = undefined;
    this.settings.logger?.info(
      { topic: this.topic, group: this.group, downMs },
      'redis consumer reading again',
    );
  }

  private get partitions(): number[] {
    return Array.from({ length: this.settings.partitions }, (_, p) => p);
  }

  async start(): Promise<void> {
    await Promise.all(this.partitions.map((p) => this.createGroup(this.bus.streamKey(this.topic, p))));
    await this.heartbeat();
    this.renewTimer = setInterval(
      () => void this.tick(),
      Math.max(50, Math.floor(this.settings.leaseMs / 3)),
    );
    this.renewTimer.unref();
    this.loops = this.partitions.map((p) => this.partitionLoop(p));
  }

  private async createGroup(stream: string): Promise<void> {
    try {
      await this.cmd.xgroup('CREATE', stream, this.group, '0', 'MKSTREAM');
    } catch (error) {
      if (!String(error).includes('BUSYGROUP')) throw error;
    }
  }

  private async partitionLoop(p: number): Promise<void> {
    const stream = this.bus.streamKey(this.topic, p);
    // Pending entries (a previous owner's, or ours left by an interruption) go before new ones.
    let recover = true;
    while (!this.stopper.stopping) {
      try {
        if (this.yielding.has(p)) {
          // Not before now: the entry in hand is done, so the next owner cannot overtake it.
          this.yielding.delete(p);
          if (this.owned.delete(p)) await this.release(p);
          recover = true;
        }
        if (!this.owned.has(p)) {
          if (this.owned.size >= this.share || !(await this.acquire(p))) {
            await this.stopper.sleep(Math.max(50, Math.floor(this.settings.leaseMs / 4)));
            continue;
          }
          this.owned.add(p);
          recover = true;
        }
        if (recover) {
          recover = !(await this.recoverPending(p, stream));
          if (recover) continue;
          await this.removeIdleConsumers(stream);
        }
        const entries = await this.readNew(p, stream);
        this.noteSuccess();
        if (!(await this.handleEntries(p, stream, entries, new Map()))) recover = true;
      } catch (error) {
        if (this.stopper.stopping) break;
        recover = true;
        this.noteFailure(error);
        // Redis came back without our group (it lost its data, or someone deleted the stream):
        // recreate it at 0 so what the stream holds now, including the producers' replays, is read.
        if (String(error).includes('NOGROUP')) await this.createGroup(stream).catch(() => undefined);
        await this.stopper.sleep(500);
      }
    }
  }

  private async acquire(p: number): Promise<boolean> {
    const key = this.bus.leaseKey(this.topic, this.group, p);
    return (await this.cmd.eval(ACQUIRE, 1, key, this.consumer, this.settings.leaseMs)) === 1;
  }

  private async release(p: number): Promise<void> {
    await this.cmd.eval(RELEASE, 1, this.bus.leaseKey(this.topic, this.group, p), this.consumer);
  }

  private async tick(): Promise<void> {
    await this.renewLeases();
    await this.heartbeat().catch(() => undefined);
  }

  /**
   * Announces this consumer and learns how many are alive, so partitions spread over a group's
   * consumers: one that owns more than its share hands the extra back for newcomers to take.
   */
  private async heartbeat(): Promise<void> {
    const key = this.bus.membersKey(this.topic, this.group);
    const now = Date.now();
    const multi = this.cmd
      .multi()
      .zadd(key, now + this.settings.leaseMs, this.consumer)
      .zremrangebyscore(key, '-inf', now)
      .zcard(key)
      // Kept past the group idle period, so the sweep can tell how long a group has been silent.
      .pexpire(key, Math.max(this.settings.leaseMs * 10, this.settings.leaseMs + this.settings.groupIdleMs));
    // Registered again on every beat: a group the sweep removed while this process could not
    // reach Redis is recreated (NOGROUP) and must be known to the sweep again.
    if (this.perProcess) multi.sadd(this.bus.perProcessGroupsKey(), JSON.stringify([this.topic, this.group]));
    const replies = await multi.exec();
    const live = Math.max(1, Number(replies?.[2]?.[1] ?? 1));
    this.share = Math.ceil(this.settings.partitions / live);
    const keep = [...this.owned].filter((p) => !this.yielding.has(p)).sort((a, b) => a - b);
    for (const p of keep.slice(this.share)) this.yielding.add(p);
  }

  private async renewLeases(): Promise<void> {
    for (const p of [...this.owned]) {
      try {
        const key = this.bus.leaseKey(this.topic, this.group, p);
        if ((await this.cmd.eval(RENEW, 1, key, this.consumer, this.settings.leaseMs)) !== 1) {
          // Another consumer owns it now; stop after the entry in hand, it will reclaim the rest.
          this.owned.delete(p);
          this.settings.logger?.warn(
            { topic: this.topic, group: this.group, partition: p },
            'partition lease lost',
          );
        }
      } catch {
        // Redis unreachable: the lease may lapse; the next renewal tells.
      }
    }
  }

  /** Takes over every pending entry of the partition and handles them in order. False if interrupted. */
  private async recoverPending(p: number, stream: string): Promise<boolean> {
    let cursor = '0-0';
    do {
      const [next, claimed] = (await this.cmd.call(
        'XAUTOCLAIM',
        stream,
        this.group,
        this.consumer,
        '0',
        cursor,
        'COUNT',
        this.settings.batchSize,
      )) as [string, (StreamEntry | null)[]];
      cursor = next;
      // Entries trimmed away while pending come back empty (Redis 6.2) or not at all (7).
      const entries = claimed.filter((e): e is StreamEntry => Array.isArray(e) && Array.isArray(e[1]));
      if (entries.length > 0) {
        const counts = await this.deliveryCounts(stream, entries[0][0], entries[entries.length - 1][0]);
        if (!(await this.handleEntries(p, stream, entries, counts))) return false;
      }
    } while (cursor !== '0-0');
    return true;
  }

  private async deliveryCounts(stream: string, from: string, to: string): Promise<Map<string, number>> {
    const rows = (await this.cmd.call(
      'XPENDING',
      stream,
      this.group,
      from,
      to,
      this.settings.batchSize * 2,
      this.consumer,
    )) as [string, string, number, number][];
    return new Map(rows.map(([id, , , count]) => [id, Number(count)]));
  }

  /** Old owners' consumer entries would pile up in XINFO forever; once emptied they go. */
  private async removeIdleConsumers(stream: string): Promise<void> {
    const consumers = (await this.cmd.call('XINFO', 'CONSUMERS', stream, this.group)) as unknown[][];
    for (const info of consumers) {
      const name = String(info[info.indexOf('name') + 1]);
      if (name !== this.consumer) await this.cmd.eval(DELETE_IDLE_CONSUMER, 1, stream, this.group, name);
    }
  }

  private async readNew(p: number, stream: string): Promise<StreamEntry[]> {
    // A loop that got here while close() swept the readers must not open one nobody will close.
    if (this.stopper.stopping) return [];
    let reader = this.readers.get(p);
    if (!reader) {
      reader = this.bus.connect();
      this.readers.set(p, reader);
    }
    const reply = (await reader.call(
      'XREADGROUP',
      'GROUP',
      this.group,
      this.consumer,
      'COUNT',
      this.settings.batchSize,
      'BLOCK',
      this.settings.blockMs,
      'STREAMS',
      stream,
      '>',
    )) as [string, StreamEntry[]][] | null;
    return reply?.[0]?.[1] ?? [];
  }

  /** Handles entries in order; false when it stopped early (they stay pending for whoever owns p). */
  private async handleEntries(
    p: number,
    stream: string,
    entries: StreamEntry[],
    counts: Map<string, number>,
  ): Promise<boolean> {
    for (const [id, fields] of entries) {
      if (this.stopper.stopping || !this.owned.has(p) || this.yielding.has(p)) return false;
      if (!(await this.handleEntry(stream, id, fields, counts.get(id) ?? 1))) return false;
    }
    return true;
  }

  private async handleEntry(
    stream: string,
    id: string,
    fields: string[],
    deliveries: number,
  ): Promise<boolean> {
    const { topic, group, handler, policy, stopper } = this;
    const logger = this.settings.logger;
    const raw = fields[fields.indexOf('envelope') + 1];
    const parsed = parseEnvelope(raw);
    if (!parsed.ok) {
      await this.deadLetter(
        stream,
        id,
        { error: parsed.error, attempts: deliveries, envelope: parsed.raw },
        parsed.key,
      );
      return true;
    }
    const envelope = parsed.envelope;
    const outcome = await deliver(envelope, {
      topic,
      group,
      handler,
      policy,
      stopper,
      logger,
      firstAttempt: deliveries,
      // The retry count lives in Redis, so after a crash the next owner continues the count.
      beforeRetry: async (attempt) => {
        await this.cmd.call('XCLAIM', stream, group, this.consumer, '0', id, 'RETRYCOUNT', attempt, 'JUSTID');
      },
    });
    switch (outcome.kind) {
      case 'unacked':
        return false;
      case 'handled':
        await this.cmd.xack(stream, group, id);
        return true;
      case 'dead':
        logger?.error(
          { topic, group, eventId: envelope.id, attempts: outcome.attempts, error: outcome.error },
          'event dead-lettered',
        );
        await this.deadLetter(
          stream,
          id,
          { error: outcome.error, attempts: outcome.attempts, envelope },
          envelope.key,
          envelope.traceparent,
        );
        return true;
    }
  }

  /** Parks the message on `<topic>.dlq`, then acknowledges it: the partition moves on. */
  private async deadLetter(
    stream: string,
    id: string,
    letter: { error: string; attempts: number; envelope: unknown },
    key: string,
    traceparent?: string,
  ): Promise<void> {
    const dead = deadLetterEnvelope({ topic: this.topic, group: this.group, ...letter }, key, traceparent);
    await this.bus.publish(deadLetterTopic(this.topic), dead);
    await this.cmd.xack(stream, this.group, id);
  }

  async close(): Promise<void> {
    if (this.stopper.stopping) return;
    this.stopper.close();
    clearInterval(this.renewTimer);
    // Interrupts blocked reads; a handler in progress still finishes and acks on `cmd`.
    this.disconnectReaders();
    await Promise.all(this.loops);
    this.disconnectReaders();
    for (const p of this.partitions) {
      const stream = this.bus.streamKey(this.topic, p);
      await this.cmd.eval(DELETE_IDLE_CONSUMER, 1, stream, this.group, this.consumer).catch(() => undefined);
      if (this.owned.has(p)) await this.release(p).catch(() => undefined);
    }
    this.owned.clear();
    await this.cmd.zrem(this.bus.membersKey(this.topic, this.group), this.consumer).catch(() => undefined);
    await this.cmd.quit().catch(() => this.cmd.disconnect());
    this.bus.forget(this);
  }

  /** Dies without acking or releasing: the leases lapse and another consumer reclaims. */
  async crash(): Promise<void> {
    this.stopper.crash();
    clearInterval(this.renewTimer);
    this.cmd.disconnect();
    this.disconnectReaders();
    await Promise.all(this.loops);
    this.disconnectReaders();
    this.bus.forget(this);
  }

  private disconnectReaders(): void {
    for (const reader of this.readers.values()) reader.disconnect();
    this.readers.clear();
  }
}
