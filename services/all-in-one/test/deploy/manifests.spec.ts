// The deployment manifests validated in the suite (no Docker engine or cluster
// here). Services, topics and required variables are derived from the code, so a new service, a
// new topic or a new required variable with no value in compose or k8s fails these tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { z } from 'zod';
import { ALL_TOPICS, Topics, deadLetterTopic } from '@pt/contracts';
import {
  DEFAULT_SHUTDOWN_DRAIN_MS,
  serviceEnvSchema,
  withServiceEnv,
  type ServiceDefinition,
} from '@pt/platform';
import { gatewayEnvSchema } from '@pt/gateway/env';
import { authConfigSchema } from '@pt/auth/config';
import { SERVICES } from '../../src/embedded';
import { DISTRIBUTED_PROCESSES, PROCESSES } from '../../src/processes';
import {
  composeEnv,
  containerEnv,
  deploymentYamlFiles,
  kustomize,
  parseYaml,
  readEnvFile,
  readYaml,
  ROOT,
  validateObject,
  type K8sObject,
} from './manifests';

const OVERLAYS = ['dev', 'prod'] as const;
const SERVICE_PORT = 8080;
/**
 * What a process needs after its HTTP drain: relay its outbox, close its
 * connections. An orchestrator's grace period shorter than the drain plus this kills it mid-stop.
 */
const AFTER_DRAIN_MS = 10_000;
const drainOf = (env: Record<string, string>) => Number(env.SHUTDOWN_DRAIN_MS || DEFAULT_SHUTDOWN_DRAIN_MS);

/** The schema a process validates its environment with, from the code. */
function schemaOf(process: string): z.ZodType {
  if (process === 'gateway') return gatewayEnvSchema;
  const serviceName = process === 'pricing-worker' ? 'pricing' : process;
  const definition = SERVICES.find((d: ServiceDefinition) => d.name === serviceName);
  if (!definition) throw new Error(`no ServiceDefinition named ${serviceName}`);
  const schema = withServiceEnv(serviceEnvSchema, [definition]);
  // auth reads its AUTH_* variables itself (with the production rules) besides the shared ones.
  return serviceName === 'auth' ? schema.and(authConfigSchema) : schema;
}

/** Problems of an environment for a process: one line per variable the schema refuses. */
function envProblems(process: string, env: Record<string, string>): string[] {
  const result = schemaOf(process).safeParse(env);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${process}: ${issue.path.join('.')} ${issue.message}`);
}

/** Kafka topic specs `name:partitions` from a whitespace-separated list. */
function topicSpecs(list: string): Map<string, number> {
  return new Map(
    list
      .trim()
      .split(/\s+/)
      .map((spec) => [spec.slice(0, spec.lastIndexOf(':')), Number(spec.slice(spec.lastIndexOf(':') + 1))]),
  );
}

/**
 * settings.changed is state keyed per setting: compacted, so a gateway started long after the last
 * write still reads every key's current value (Kafka's default 7-day retention would drop it).
 * The topics job must apply the policy with kafka-configs, which also switches an existing topic.
 */
function expectSettingsCompacted(compacted: string, script: string): void {
  expect(compacted.trim().split(/\s+/)).toEqual([Topics.settingsChanged]);
  expect(script).toMatch(/for topic in \$+KAFKA_COMPACTED_TOPICS; do/);
  expect(script).toMatch(/kafka-configs\.sh [^\n]*--alter --entity-type topics/);
  expect(script).toContain('--add-config cleanup.policy=compact');
}

function expectTopicsCoverCode(specs: Map<string, number>): void {
  for (const topic of ALL_TOPICS) {
    expect([topic, specs.get(topic)]).toEqual([topic, expect.any(Number)]);
    expect(specs.get(topic)).toBeGreaterThanOrEqual(1);
    expect([deadLetterTopic(topic), specs.has(deadLetterTopic(topic))]).toEqual([
      deadLetterTopic(topic),
      true,
    ]);
  }
  const known = new Set(ALL_TOPICS.flatMap((t) => [t, deadLetterTopic(t)]));
  expect([...specs.keys()].filter((t) => !known.has(t))).toEqual([]);
}

describe('deployment manifests: YAML', () => {
  it.each(deploymentYamlFiles().map((f) => [path.relative(ROOT, f)]))('%s parses', (file) => {
    expect(readYaml(path.join(ROOT, file)).length).toBeGreaterThan(0);
  });

  it('refuses broken YAML', () => {
    expect(() => parseYaml('a: [1, 2\nb: }', 'broken.yaml')).toThrow(/broken\.yaml/);
  });
});

describe('k8s: schemas', () => {
  it.each(OVERLAYS.map((o) => [o]))('every object of overlay %s validates against its schema', (overlay) => {
    const objects = kustomize(path.join(ROOT, 'k8s', 'overlays', overlay));
    expect(objects.length).toBeGreaterThan(20);
    for (const object of objects) validateObject(object);
  });

  it('the Secret template validates and is not applied by the base', () => {
    const [template] = readYaml(path.join(ROOT, 'k8s', 'base', 'secret.template.yaml'));
    validateObject(template!);
    expect(kustomize(path.join(ROOT, 'k8s', 'base')).some((o) => o.kind === 'Secret')).toBe(false);
  });

  it('a broken manifest fails validation (the check can fail)', () => {
    const [deployment] = kustomize(path.join(ROOT, 'k8s', 'base')).filter((o) => o.kind === 'Deployment');
    const broken = structuredClone(deployment!);
    delete broken.spec.selector;
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'eighty';
    expect(() => validateObject(broken)).toThrow(/selector|containerPort/);
    const scaled = kustomize(path.join(ROOT, 'k8s', 'base')).find((o) => o.kind === 'ScaledObject')!;
    const brokenScaled = structuredClone(scaled);
    delete brokenScaled.spec.scaleTargetRef;
    expect(() => validateObject(brokenScaled)).toThrow(/scaleTargetRef/);
    expect(() => validateObject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } })).toThrow(
      /no schema/,
    );
  });

  it('a patch that targets nothing fails the build', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-broken-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'kustomization.yaml'),
        `resources: [${path.join(ROOT, 'k8s', 'base')}]\npatches: [{ path: p.yaml }]\n`,
      );
      fs.writeFileSync(
        path.join(dir, 'p.yaml'),
        'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: nope }\n',
      );
      expect(() => kustomize(dir)).toThrow(/nope, which does not exist/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(OVERLAYS.map((o) => [o]))('k8s overlay %s', (overlay) => {
  const objects = kustomize(path.join(ROOT, 'k8s', 'overlays', overlay));
  const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const named = (kind: string, name: string) => byKind(kind).find((o) => o.metadata.name === name);
  // prod expects the Secret from the template (created per environment); dev generates its own.
  const [secretTemplate] = readYaml(path.join(ROOT, 'k8s', 'base', 'secret.template.yaml'));

  it.each(DISTRIBUTED_PROCESSES.map((p) => [p]))(
    '%s: Deployment with the process, probes, resources, scrape annotations',
    (process) => {
      const deployment = named('Deployment', process);
      expect(deployment).toBeDefined();
      const container = deployment!.spec.template.spec.containers[0];
      expect(container.args).toEqual([process]);
      expect(container.readinessProbe?.httpGet).toMatchObject({ path: '/readyz', port: 'http' });
      // Liveness and start-up depend on nothing (/livez); a probe waits longer
      // than one dependency check may take (2 s), or a slow check would count as a failure.
      expect(container.livenessProbe?.httpGet).toMatchObject({ path: '/livez', port: 'http' });
      expect(container.startupProbe?.httpGet).toMatchObject({ path: '/livez', port: 'http' });
      expect(container.readinessProbe?.timeoutSeconds).toBeGreaterThanOrEqual(3);
      expect(container.ports).toEqual([{ name: 'http', containerPort: SERVICE_PORT }]);
      for (const kind of ['requests', 'limits'] as const) {
        expect(container.resources?.[kind]?.cpu).toBeDefined();
        expect(container.resources?.[kind]?.memory).toBeDefined();
      }
      expect(deployment!.spec.template.metadata.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(SERVICE_PORT),
        'prometheus.io/path': '/metrics',
      });
      expect(deployment!.spec.template.spec.securityContext?.runAsNonRoot).toBe(true);
      expect(named('PodDisruptionBudget', process)?.spec.selector.matchLabels).toEqual(
        deployment!.spec.selector.matchLabels,
      );
    },
  );

  it.each(DISTRIBUTED_PROCESSES.map((p) => [p]))(
    '%s: its environment satisfies its config schema',
    (process) => {
      const container = named('Deployment', process)!.spec.template.spec.containers[0];
      const env = containerEnv(objects, container, secretTemplate);
      expect(envProblems(process, env)).toEqual([]);
    },
  );

  it.each(DISTRIBUTED_PROCESSES.map((p) => [p]))(
    '%s: its termination grace period outlasts the HTTP drain and the clean-up after it',
    (process) => {
      const spec = named('Deployment', process)!.spec.template.spec;
      const env = containerEnv(objects, spec.containers[0], secretTemplate);
      // Kubernetes' default when unset is 30 s.
      const graceMs = Number(spec.terminationGracePeriodSeconds ?? 30) * 1000;
      expect(graceMs).toBeGreaterThanOrEqual(drainOf(env) + AFTER_DRAIN_MS);
    },
  );

  it('every service that takes requests has a Service on its port; the gateway reaches them by name', () => {
    const config = named('ConfigMap', 'price-tracker-config')!.data as Record<string, string>;
    for (const process of DISTRIBUTED_PROCESSES.filter((p) => p !== 'pricing-worker')) {
      const service = named('Service', process);
      expect(service?.spec.selector).toEqual({ 'app.kubernetes.io/name': process });
      expect(service?.spec.ports[0].port).toBe(SERVICE_PORT);
      if (process !== 'gateway')
        expect(config[`${process.toUpperCase().replace(/-/g, '_')}_URL`]).toBe(
          `http://${process}:${SERVICE_PORT}`,
        );
    }
  });

  it('only pricing-worker pods poll', () => {
    const env = (name: string) =>
      containerEnv(objects, named('Deployment', name)!.spec.template.spec.containers[0], secretTemplate);
    expect(env('pricing').PRICING_WORKERS).toBe('off');
    expect(env('pricing-worker').PRICING_WORKERS).toBe('on');
  });

  it('HPAs on CPU for the gateway and the catalog; KEDA scales the pricing workers on queue depth', () => {
    for (const name of ['gateway', 'catalog']) {
      const hpa = named('HorizontalPodAutoscaler', name);
      expect(hpa?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa?.spec.metrics[0].resource.name).toBe('cpu');
      expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
    }
    const scaled = named('ScaledObject', 'pricing-worker')!;
    expect(scaled.spec.scaleTargetRef.name).toBe('pricing-worker');
    expect(scaled.spec.maxReplicaCount).toBeGreaterThan(scaled.spec.minReplicaCount);
    expect(scaled.spec.triggers[0].type).toBe('prometheus');
    expect(scaled.spec.triggers[0].metadata.query).toContain('pricing_queue_depth');
  });

  it('the migrate Job runs the migrate process; the topics Job creates every topic of the code, settings.changed compacted', () => {
    const migrate = named('Job', 'migrate')!.spec.template.spec.containers[0];
    expect(migrate.args).toEqual(['migrate']);
    expect(PROCESSES.migrate).toBeDefined();
    expect(containerEnv(objects, migrate, secretTemplate).DATABASE_URL).toMatch(/^postgres/);
    const container = named('Job', 'kafka-topics')!.spec.template.spec.containers[0];
    const envValue = (name: string) => container.env.find((e: K8sObject) => e.name === name).value;
    expectTopicsCoverCode(topicSpecs(envValue('KAFKA_TOPICS')));
    expectSettingsCompacted(envValue('KAFKA_COMPACTED_TOPICS'), container.args.join('\n'));
  });

  it('NetworkPolicies: default deny, services only from the gateway, data stores only from services', () => {
    const policies = byKind('NetworkPolicy');
    expect(policies.find((p) => p.metadata.name === 'default-deny-ingress')?.spec.podSelector).toEqual({});
    const services = policies.find((p) => p.metadata.name === 'services-from-gateway')!;
    expect(services.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
    ]);
    for (const process of DISTRIBUTED_PROCESSES.filter((p) => p !== 'gateway' && p !== 'pricing-worker'))
      expect(named('Deployment', process)!.spec.template.metadata.labels['app.kubernetes.io/component']).toBe(
        'service',
      );
    // The catalog asks pricing for its answers' good-price badges (ARCHITECTURE §6), the alert
    // notifier for a price-drop email's history chart and badge.
    const badges = policies.find((p) => p.metadata.name === 'pricing-from-catalog-and-alert-notifier')!;
    expect(badges.spec.podSelector).toEqual({ matchLabels: { 'app.kubernetes.io/name': 'pricing' } });
    expect(badges.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'catalog' } } },
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'alert-notifier' } } },
    ]);
    // The alert notifier looks up each alert's product at the catalog (CATALOG_URL).
    const lookups = policies.find((p) => p.metadata.name === 'catalog-from-alert-notifier')!;
    expect(lookups.spec.podSelector).toEqual({ matchLabels: { 'app.kubernetes.io/name': 'catalog' } });
    expect(lookups.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'alert-notifier' } } },
    ]);
    const stores = policies.find((p) => p.metadata.name === 'datastores-from-services')!;
    expect(stores.spec.podSelector.matchExpressions[0].values).toEqual(['postgres', 'redis', 'kafka']);
  });
});

describe('k8s/backup: the example backup CronJob', () => {
  const objects = kustomize(path.join(ROOT, 'k8s', 'backup'));
  const cron = objects.find((o) => o.kind === 'CronJob')!;
  const pod = cron.spec.jobTemplate.spec.template;

  it('validates, and dumps with the documented pg_dump onto its own volume', () => {
    for (const object of objects) validateObject(object);
    const container = pod.spec.containers[0];
    // docs/operations.md, "Backups and restore": the same command as the restore drill's.
    expect(container.args.join(' ')).toMatch(
      /pg_dump --format=custom\s+--file="[^"]+\.dump" "\$DATABASE_URL"/,
    );
    expect(container.env).toContainEqual({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'price-tracker-secrets', key: 'DATABASE_URL' } },
    });
    const [secretTemplate] = readYaml(path.join(ROOT, 'k8s', 'base', 'secret.template.yaml'));
    expect(secretTemplate!.stringData.DATABASE_URL).toMatch(/^postgres/);
    const claim = pod.spec.volumes[0].persistentVolumeClaim.claimName;
    expect(objects.filter((o) => o.kind === 'PersistentVolumeClaim').map((o) => o.metadata.name)).toEqual([
      claim,
    ]);
    expect(cron.spec.concurrencyPolicy).toBe('Forbid');
  });

  it('runs in the prod overlay’s namespace and may reach Postgres through its NetworkPolicy', () => {
    const prod = kustomize(path.join(ROOT, 'k8s', 'overlays', 'prod'));
    expect(cron.metadata.namespace).toBe(prod[0]!.metadata.namespace);
    const stores = prod.find(
      (o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'datastores-from-services',
    )!;
    const admitted = stores.spec.ingress[0].from[0].podSelector.matchExpressions[0].values as string[];
    expect(admitted).toContain(pod.metadata.labels['app.kubernetes.io/component']);
    expect(stores.spec.ingress[0].ports).toContainEqual({ port: 5432, protocol: 'TCP' });
  });

  it('is an example: no overlay applies it', () => {
    for (const overlay of OVERLAYS)
      expect(kustomize(path.join(ROOT, 'k8s', 'overlays', overlay)).some((o) => o.kind === 'CronJob')).toBe(
        false,
      );
  });
});

describe('docker-compose.yml', () => {
  const [compose] = readYaml(path.join(ROOT, 'docker-compose.yml'));
  const services = compose!.services as Record<string, K8sObject>;
  const envExample = readEnvFile(path.join(ROOT, '.env.example'));

  it('runs every process of the image, plus the migrate step and the infrastructure', () => {
    for (const process of [...DISTRIBUTED_PROCESSES, 'migrate'])
      expect([process, services[process]?.command]).toEqual([process, [process]]);
    for (const infra of ['postgres', 'redis', 'kafka', 'kafka-topics', 'mailpit'])
      expect(services[infra]).toBeDefined();
    expect(services.gateway!.ports).toContain('${GATEWAY_PORT:-8080}:8080');
    expect(services['pricing-worker']!.deploy.replicas).toMatch(/PRICING_WORKER_REPLICAS/);
  });

  it.each(DISTRIBUTED_PROCESSES.map((p) => [p]))(
    '%s: its environment (with .env.example) satisfies its config schema',
    (process) => {
      expect(envProblems(process, composeEnv(services[process]!, envExample))).toEqual([]);
    },
  );

  it.each(DISTRIBUTED_PROCESSES.map((p) => [p]))(
    '%s: its stop grace period outlasts the HTTP drain and the clean-up after it',
    (process) => {
      // Compose's durations as written here ("30s"); its default is 10 s, the drain alone.
      const grace = /^(\d+)s$/.exec(String(services[process]!.stop_grace_period ?? '10s'));
      expect(grace).not.toBeNull();
      const env = composeEnv(services[process]!, envExample);
      expect(Number(grace![1]) * 1000).toBeGreaterThanOrEqual(drainOf(env) + AFTER_DRAIN_MS);
    },
  );

  it('a required variable missing from the environment is reported (the check can fail)', () => {
    const withoutPepper = { ...envExample, AUTH_PASSWORD_PEPPER: '' };
    expect(() => composeEnv(services.auth!, withoutPepper)).toThrow(/AUTH_PASSWORD_PEPPER is required/);
    const gatewayEnv = composeEnv(services.gateway!, envExample);
    delete gatewayEnv.CATALOG_URL;
    expect(envProblems('gateway', gatewayEnv)).toEqual([expect.stringContaining('CATALOG_URL')]);
  });

  it('health checks on every long-running process; start order by depends_on conditions', () => {
    for (const name of [...DISTRIBUTED_PROCESSES, 'postgres', 'redis', 'kafka', 'mailpit'])
      expect([name, Array.isArray(services[name]!.healthcheck?.test)]).toEqual([name, true]);
    for (const process of DISTRIBUTED_PROCESSES) {
      expect(services[process]!.depends_on.migrate).toEqual({ condition: 'service_completed_successfully' });
      expect(services[process]!.depends_on.postgres).toEqual({ condition: 'service_healthy' });
    }
    for (const process of DISTRIBUTED_PROCESSES.filter((p) => p !== 'gateway' && p !== 'pricing-worker'))
      expect(services.gateway!.depends_on[process]).toEqual({ condition: 'service_healthy' });
  });

  it('Kafka in KRaft mode with every topic of the code, settings.changed compacted; Redis with noeviction and AOF; gateway URLs', () => {
    expect(services.kafka!.environment.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expectTopicsCoverCode(topicSpecs(services['kafka-topics']!.environment.KAFKA_TOPICS));
    expectSettingsCompacted(
      services['kafka-topics']!.environment.KAFKA_COMPACTED_TOPICS,
      services['kafka-topics']!.command.join('\n'),
    );
    const redis = services.redis!.command.join(' ');
    expect(redis).toContain('--maxmemory-policy noeviction');
    expect(redis).toContain('--appendonly yes');
    const gateway = composeEnv(services.gateway!, envExample);
    for (const process of DISTRIBUTED_PROCESSES.filter((p) => p !== 'gateway' && p !== 'pricing-worker'))
      expect(gateway[`${process.toUpperCase().replace(/-/g, '_')}_URL`]).toBe(
        `http://${process}:${SERVICE_PORT}`,
      );
  });

  it('an OpenTelemetry collector with a trace UI in the observability profile', () => {
    expect(services['otel-collector']!.profiles).toEqual(['observability']);
    expect(services.jaeger!.profiles).toEqual(['observability']);
  });

  it('.env.example documents every variable the processes read', () => {
    const schemas = DISTRIBUTED_PROCESSES.map(schemaOf);
    const names = new Set<string>();
    const collect = (schema: z.ZodType) => {
      const def = (
        schema as unknown as {
          def: { type: string; left?: z.ZodType; right?: z.ZodType; shape?: Record<string, unknown> };
        }
      ).def;
      if (def.type === 'intersection') {
        collect(def.left!);
        collect(def.right!);
      } else if (def.shape) for (const key of Object.keys(def.shape)) names.add(key);
    };
    schemas.forEach(collect);
    const undocumented = [...names].filter(
      (name) =>
        !(name in envExample) &&
        !/^AUTH_(GOOGLE|FACEBOOK|GITHUB|APPLE|[A-Z]+)_(CLIENT_ID|CLIENT_SECRET|SECRET|AUTHORIZE_URL|TOKEN_URL|USERINFO_URL|ENABLED|REDIRECT_URI|SCOPES)$/.test(
          name,
        ),
    );
    expect(undocumented).toEqual([]);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'deploy', 'Dockerfile'), 'utf8');

  it('is multi-stage, runs as a non-root user, and its entrypoint picks the process', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('ENTRYPOINT ["node", "services/all-in-one/dist/entrypoint.js"]');
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    for (const name of Object.keys(PROCESSES))
      expect([name, dockerfile.includes(name)]).toEqual([name, true]);
  });
});
