// Reads and checks the deployment manifests (docker-compose.yml, k8s/) without a Docker engine or a
// cluster: YAML parsing, a small kustomize (only the features the overlays use; anything else is
// refused so an unsupported feature cannot pass unchecked), schema validation of every Kubernetes
// and KEDA object, and the environment each process would get.
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1';

export const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are untyped YAML
export type K8sObject = Record<string, any>;

/** Every document of a YAML file; throws with the file name on a syntax error. */
export function readYaml(file: string): K8sObject[] {
  return parseYaml(fs.readFileSync(file, 'utf8'), file);
}

export function parseYaml(text: string, name = 'input'): K8sObject[] {
  // merge: YAML merge keys (`<<: *anchor`), which docker compose uses.
  const docs = parseAllDocuments(text, { merge: true });
  const out: K8sObject[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) throw new Error(`${name}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS() as K8sObject | null;
    if (value !== null && value !== undefined) out.push(value);
  }
  return out;
}

/** Every YAML file of the repository's deployment parts. */
export function deploymentYamlFiles(): string[] {
  const files: string[] = [path.join(ROOT, 'docker-compose.yml')];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(ROOT, 'k8s'));
  walk(path.join(ROOT, 'deploy'));
  return files;
}

type Model = new (data: never) => { validate(): void };

const MODELS: Record<string, Model> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'batch/v1/CronJob': CronJob,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
};

/** Validates one object against its Kubernetes (or KEDA) schema; throws naming the object. */
export function validateObject(object: K8sObject): void {
  const id = `${object.apiVersion}/${object.kind}`;
  const Model = MODELS[id];
  if (!Model) throw new Error(`${id} ${object.metadata?.name}: no schema known for this kind`);
  try {
    new Model(object as never).validate();
  } catch (error) {
    throw new Error(`${id} ${object.metadata?.name}: ${(error as Error).message}`);
  }
}

const KUSTOMIZE_FIELDS = new Set([
  'apiVersion',
  'kind',
  'labels',
  'resources',
  'images',
  'namespace',
  'replicas',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
  'patches',
]);

const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata?.name === name);

/** Strategic-merge-like: maps merge, lists of named maps merge by name, other lists are replaced. */
export function strategicMerge(target: K8sObject, patch: K8sObject): K8sObject {
  const out: K8sObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    if (
      Array.isArray(value) &&
      Array.isArray(current) &&
      value.every((v) => v && typeof v === 'object' && 'name' in v)
    ) {
      const merged = current.map((item: K8sObject) => {
        const p = value.find((v: K8sObject) => v.name === item.name);
        return p ? strategicMerge(item, p) : item;
      });
      for (const v of value) if (!current.some((c: K8sObject) => c.name === v.name)) merged.push(v);
      out[key] = merged;
    } else if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      current &&
      typeof current === 'object'
    ) {
      out[key] = strategicMerge(current, value);
    } else out[key] = value;
  }
  return out;
}

function literals(list: string[] = []): Record<string, string> {
  return Object.fromEntries(
    list.map((line) => {
      const i = line.indexOf('=');
      return [line.slice(0, i), line.slice(i + 1)];
    }),
  );
}

function podSpecs(object: K8sObject): K8sObject[] {
  const template = object.spec?.template ?? object.spec?.jobTemplate?.spec?.template;
  return template?.spec ? [template.spec] : [];
}

/** Builds a kustomization directory the way `kustomize build` would for the features above. */
export function kustomize(dir: string): K8sObject[] {
  const [k] = readYaml(path.join(dir, 'kustomization.yaml'));
  if (!k) throw new Error(`${dir}: empty kustomization`);
  for (const field of Object.keys(k))
    if (!KUSTOMIZE_FIELDS.has(field))
      throw new Error(`${dir}: kustomization field "${field}" is not supported by this check`);
  let objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const full = path.resolve(dir, resource);
    if (!fs.existsSync(full)) throw new Error(`${dir}: resource ${resource} does not exist`);
    objects.push(...(fs.statSync(full).isDirectory() ? kustomize(full) : readYaml(full)));
  }
  for (const gen of k.configMapGenerator ?? []) {
    const existing = find(objects, 'ConfigMap', gen.name);
    if (gen.behavior === 'merge') {
      if (!existing) throw new Error(`${dir}: configMapGenerator merges into missing ConfigMap ${gen.name}`);
      existing.data = { ...existing.data, ...literals(gen.literals) };
    } else
      objects.push({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: gen.name },
        data: literals(gen.literals),
      });
  }
  for (const gen of k.secretGenerator ?? [])
    objects.push({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: gen.name },
      type: 'Opaque',
      stringData: literals(gen.literals),
    });
  for (const entry of k.patches ?? []) {
    if (!entry.path) throw new Error(`${dir}: only patches with a path (strategic merge) are supported`);
    for (const patch of readYaml(path.resolve(dir, entry.path))) {
      const target = find(objects, patch.kind, patch.metadata?.name);
      if (!target)
        throw new Error(`${dir}: patch targets ${patch.kind} ${patch.metadata?.name}, which does not exist`);
      objects = objects.map((o) => (o === target ? strategicMerge(o, patch) : o));
    }
  }
  for (const { name, count } of k.replicas ?? []) {
    const target = find(objects, 'Deployment', name);
    if (!target) throw new Error(`${dir}: replicas for missing Deployment ${name}`);
    target.spec.replicas = count;
  }
  for (const image of k.images ?? [])
    for (const spec of objects.flatMap(podSpecs))
      for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])])
        if (c.image === image.name || c.image?.startsWith(`${image.name}:`))
          c.image = `${image.newName ?? image.name}:${image.newTag ?? 'latest'}`;
  for (const { pairs, includeTemplates } of k.labels ?? [])
    for (const o of objects) {
      o.metadata = { ...o.metadata, labels: { ...o.metadata?.labels, ...pairs } };
      const template = o.spec?.template;
      if (includeTemplates && template)
        template.metadata = { ...template.metadata, labels: { ...template.metadata?.labels, ...pairs } };
    }
  if (k.namespace) for (const o of objects) o.metadata = { ...o.metadata, namespace: k.namespace };
  return objects;
}

/** The variables a container gets from its envFrom sources and env entries, as strings. */
export function containerEnv(
  objects: K8sObject[],
  container: K8sObject,
  extraSecret?: K8sObject,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const cm = find(objects, 'ConfigMap', source.configMapRef.name);
      if (!cm) throw new Error(`ConfigMap ${source.configMapRef.name} is missing`);
      Object.assign(env, cm.data);
    }
    if (source.secretRef) {
      const secret = find(objects, 'Secret', source.secretRef.name) ?? extraSecret;
      if (!secret || secret.metadata?.name !== source.secretRef.name)
        throw new Error(`Secret ${source.secretRef.name} is missing`);
      Object.assign(env, secret.stringData);
      for (const [key, value] of Object.entries<string>(secret.data ?? {}))
        env[key] = Buffer.from(value, 'base64').toString('utf8');
    }
  }
  for (const entry of container.env ?? []) if (typeof entry.value === 'string') env[entry.name] = entry.value;
  return env;
}

/** docker compose's `${VAR}`, `${VAR:-default}`, `${VAR:?error}` and `$$` against an env file. */
export function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Z0-9_]+)(?::?([-?])([^}]*))?\}/g,
    (match, name?: string, op?: string, arg?: string) => {
      if (match === '$$') return '$';
      const current = vars[name!];
      const set = current !== undefined && current !== '';
      if (op === '-') return set ? current : (arg ?? '');
      if (op === '?') {
        if (!set) throw new Error(`${name} is required: ${arg}`);
        return current;
      }
      return current ?? '';
    },
  );
}

/** Parses a dotenv file (KEY=value lines, # comments). */
export function readEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}

/** A compose service's environment after anchors and interpolation (values from `vars`). */
export function composeEnv(service: K8sObject, vars: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(service.environment ?? {}))
    env[key] = interpolate(String(value ?? ''), vars);
  return env;
}
