/**
 * When the Kafka adapter may step down from what it asks of a cluster, decided from kafkajs'
 * errors alone so the decisions are unit-testable. Each fallback is taken only on the one failure
 * that names it; every other error is the caller's to throw, so a real cluster never gets the
 * weaker path because of a transient fault.
 */

/** What kafkajs' admin.describeCluster() answers, as much of it as the decisions read. */
export interface ClusterView {
  brokers: { nodeId: number }[];
  controller: number | null;
}

interface KafkaJsErrorLike {
  name?: unknown;
  apiName?: unknown;
  cause?: unknown;
  originalError?: unknown;
  retriableErrors?: unknown;
}

/** The error and every error it wraps (kafkajs' retrier wraps the last failure). */
function* chain(error: unknown): Generator<KafkaJsErrorLike> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next || typeof next !== 'object' || seen.has(next)) continue;
    seen.add(next);
    const e = next as KafkaJsErrorLike;
    yield e;
    queue.push(e.cause, e.originalError);
    if (Array.isArray(e.retriableErrors)) queue.push(...(e.retriableErrors as unknown[]));
  }
}

function hasName(error: unknown, name: string): boolean {
  for (const e of chain(error)) if (e.name === name) return true;
  return false;
}

/**
 * The cluster's metadata names a controller that is not one of its brokers, so kafkajs cannot
 * reach it ("Broker 0 not found in the cached metadata"). librdkafka's mock cluster answers
 * controller 0 with brokers 1..n. A real cluster names a live broker, or no controller at all
 * (-1) during an election: that is transient, and is not this case.
 */
export function controllerIsUnlisted(error: unknown, cluster: ClusterView): boolean {
  if (!hasName(error, 'KafkaJSBrokerNotFound')) return false;
  const { controller } = cluster;
  if (controller === null || controller < 0) return false;
  return !cluster.brokers.some((broker) => broker.nodeId === controller);
}

/** The broker does not implement InitProducerId (Kafka < 0.11), so idempotence is unavailable. */
export function initProducerIdUnsupported(error: unknown): boolean {
  for (const e of chain(error)) {
    if (e.name === 'KafkaJSServerDoesNotSupportApiKey' && e.apiName === 'InitProducerId') return true;
  }
  return false;
}

export type ProducerFallback = 'controller-unlisted' | 'init-producer-id-unsupported';

/**
 * Whether an idempotent producer that failed to connect may be replaced by a plain one, and why.
 * `describe` is called only when the error could be the controller quirk.
 */
export async function producerFallback(
  error: unknown,
  describe: () => Promise<ClusterView>,
): Promise<ProducerFallback | undefined> {
  if (initProducerIdUnsupported(error)) return 'init-producer-id-unsupported';
  if (!hasName(error, 'KafkaJSBrokerNotFound')) return undefined;
  const cluster = await describe().catch(() => undefined);
  return cluster && controllerIsUnlisted(error, cluster) ? 'controller-unlisted' : undefined;
}

/** Whether topics that CreateTopics could not create may be left to the brokers' auto-creation. */
export async function topicCreationFallback(
  error: unknown,
  describe: () => Promise<ClusterView>,
): Promise<boolean> {
  if (!hasName(error, 'KafkaJSBrokerNotFound')) return false;
  const cluster = await describe().catch(() => undefined);
  return cluster !== undefined && controllerIsUnlisted(error, cluster);
}

/** A topic is usable once the metadata lists it with partitions, each with a leader. */
export function topicsHaveLeaders(
  topics: string[],
  metadata: { topics: { name: string; partitions: { leader: number }[] }[] },
): boolean {
  return topics.every((name) => {
    const topic = metadata.topics.find((t) => t.name === name);
    return topic !== undefined && topic.partitions.length > 0 && topic.partitions.every((p) => p.leader >= 0);
  });
}
