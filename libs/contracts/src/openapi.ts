import { z } from 'zod';
import { API_ROUTES, errorCodesOf, GATEWAY_ERROR_CODES, type ApiRoute } from './api-routes';
import { ErrorBodySchema } from './errors';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the $schema line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(route: ApiRoute): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return;
    // A preprocessed query (`limit` read as `pageSize`) is documented by the schema it feeds.
    const documented =
      schema instanceof z.ZodPipe && schema.def.in instanceof z.ZodTransform
        ? (schema.def.out as z.ZodType)
        : schema;
    const js = jsonSchema(documented, 'input');
    const props = (js.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((js.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(props))
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop });
  };
  add('path', route.params);
  add('query', route.query);
  return out;
}

const ACCESS_TEXT: Record<ApiRoute['access'], string> = {
  public: 'Anyone.',
  optional: 'Anyone; a signed-in caller gets answers of their own.',
  user: 'Signed-in users (401 otherwise).',
  admin: 'Admins only (401 anonymous, 403 for other users).',
};

/**
 * The OpenAPI 3.1 document of the product's HTTP API, generated from the route
 * list and its zod schemas — never written by hand, so it cannot drift from the validation code.
 */
export function buildOpenApiDocument(
  info: { title?: string; version?: string } = {},
  routes: readonly ApiRoute[] = API_ROUTES,
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const errorBody = { 'application/json': { schema: jsonSchema(ErrorBodySchema, 'output') } };
  for (const route of routes) {
    const { response } = route;
    const codes = errorCodesOf(route);
    const operation: JsonSchema = {
      operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: route.summary,
      description: `Service: ${route.service}. Access: ${ACCESS_TEXT[route.access]}`,
      tags: [route.service],
      // The codes the service may answer here; the gateway may answer its own first (x-gateway-error-codes).
      'x-error-codes': codes,
      ...(route.service === 'gateway' ? {} : { 'x-gateway-error-codes': [...GATEWAY_ERROR_CODES] }),
      parameters: parameters(route),
      responses: {
        [String(response.status)]: {
          description: response.description ?? 'Success',
          ...(response.schema
            ? {
                content: {
                  [response.contentType ?? 'application/json']: {
                    schema: jsonSchema(response.schema, 'output'),
                  },
                },
              }
            : {}),
        },
        '4XX': {
          description: `Bad input, not signed in, not allowed, not found, or rate limited. Codes: ${codes.join(', ')}`,
          content: errorBody,
        },
        '5XX': { description: 'Server error or maintenance (503 code "maintenance")', content: errorBody },
      },
    };
    if (route.access === 'user' || route.access === 'admin') operation.security = [{ bearer: [] }];
    if (route.access === 'optional') operation.security = [{}, { bearer: [] }];
    if (route.body)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      };
    (paths[route.path] ??= {})[route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title ?? 'Price Tracker API', version: info.version ?? '1.0.0' },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
