import fs from 'node:fs';
import path from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { API_ROUTES, apiRoute, buildOpenApiDocument, errorCodesOf, type ApiRoute } from '@pt/contracts';
import { createLogger, ENDPOINT_METADATA } from '@pt/platform';
import supertest from 'supertest';
import { GatewayEdge, createGatewayApp, SERVICE_NAMES, type ServiceName } from '../../src';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;
/** Nest's `:id` → OpenAPI's `{id}`. */
const template = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Handlers that route by hand (`@Get(...)`) where `@Endpoint` is the rule, or in another service's name. */
const offRegistry: string[] = [];

/** Every route the services' Nest controllers really register, read from Nest's own metadata. */
async function registeredRoutes(): Promise<string[]> {
  const found: string[] = [];
  offRegistry.length = 0;
  for (const service of fs.readdirSync(path.join(ROOT, 'services'))) {
    const dir = path.join(ROOT, 'services', service, 'src', 'controllers');
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.controller.ts'))) {
      const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const value of Object.values(mod)) {
        if (typeof value !== 'function') continue;
        const prefix = Reflect.getMetadata(PATH_METADATA, value) as string | undefined;
        if (prefix === undefined) continue;
        const proto = (value as { prototype: Record<string, unknown> }).prototype;
        for (const name of Object.getOwnPropertyNames(proto)) {
          const handler = proto[name];
          if (typeof handler !== 'function' || name === 'constructor') continue;
          const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
          const sub = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
          if (method === undefined || sub === undefined) continue;
          // Catch-alls (auth's Supabase-shaped 404) are not routes of their own.
          if (method === RequestMethod.ALL || sub.includes('*')) continue;
          const verb = METHODS[method];
          if (verb) found.push(`${verb} ${template(join(prefix, sub))}`);
          const endpoint = Reflect.getMetadata(ENDPOINT_METADATA, handler) as { route: ApiRoute } | undefined;
          if (endpoint?.route.service !== service)
            offRegistry.push(
              `${service} ${file} ${name}: ${endpoint ? `serves ${endpoint.route.service}'s route` : 'not @Endpoint'}`,
            );
        }
      }
    }
  }
  return found.sort();
}

describe('OpenAPI 3.1 from the zod contracts', () => {
  it('every route a service registers has its entry and schemas in libs/contracts, and no entry is stale', async () => {
    const registered = await registeredRoutes();
    expect(registered.length).toBeGreaterThan(20);
    const documented = API_ROUTES.filter((r) => r.service !== 'gateway').map((r) => `${r.method} ${r.path}`);
    expect(registered.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((r) => !registered.includes(r)).sort()).toEqual([]);
    // A path is served only through its entry, by the service the entry names.
    expect(offRegistry).toEqual([]);
    for (const route of API_ROUTES) {
      // A success answer needs a body schema unless it has none (204) or is a redirect.
      if (![204, 302].includes(route.response.status))
        expect({ route: route.path, has: !!route.response.schema }).toEqual({ route: route.path, has: true });
      const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      expect({ route: route.path, params: Object.keys(route.params?.shape ?? {}).sort() }).toEqual({
        route: route.path,
        params: names,
      });
    }
  });

  it('the document is OpenAPI 3.1 with every route, its parameters, body and response schema', () => {
    interface Operation {
      parameters: { name: string; in: string; required: boolean }[];
      requestBody: { content: Record<string, { schema: unknown }> };
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
      security?: unknown;
    }
    const doc = buildOpenApiDocument() as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const put = doc.paths['/api/v1/admin/settings/{key}'].put;
    expect(put.parameters).toEqual([expect.objectContaining({ name: 'key', in: 'path', required: true })]);
    expect(put.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['value'],
    });
    expect(put.security).toEqual([{ bearer: [] }]);
    const search = doc.paths['/api/v1/search'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['q']));
    expect(search.responses['200'].content['application/json'].schema).toMatchObject({ type: 'object' });
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(count).toBe(API_ROUTES.length);
    // Each operation lists the codes its service may answer, the entry's own among them.
    const alerts = doc.paths['/api/v1/alerts'].post as unknown as Record<string, string[]>;
    expect(alerts['x-error-codes']).toEqual(expect.arrayContaining(['too_many_alerts', 'unauthorized']));
    expect(alerts['x-error-codes']).toEqual(
      errorCodesOf(API_ROUTES.find((r) => r.path === '/api/v1/alerts' && r.method === 'post')!),
    );
  });

  it('the gateway serves /api/openapi.json and a script-free /api/docs under its CSP', async () => {
    const logger = createLogger({ service: 'test', level: 'silent' });
    const edge = await GatewayEdge.start({ logger });
    const targets = Object.fromEntries(
      SERVICE_NAMES.map((n) => [
        n,
        (_q: unknown, res: { sendStatus(n: number): void }) => res.sendStatus(502),
      ]),
    ) as unknown as Record<ServiceName, never>;
    const app = createGatewayApp({ logger, edge, targets });
    try {
      const json = await supertest(app).get('/api/openapi.json').expect(200);
      expect(json.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
      expect(
        apiRoute('GET /api/openapi.json').response.schema!.safeParse(json.body).error?.issues,
      ).toBeUndefined();
      const html = await supertest(app).get('/api/docs').expect(200);
      expect(html.headers['content-type']).toMatch(/text\/html/);
      expect(html.text).toContain('/api/v1/admin/settings/{key}');
      expect(html.text).not.toMatch(/<script/i);
      expect(html.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await edge.close();
    }
  });
});
