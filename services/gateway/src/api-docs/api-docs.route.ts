import { Router } from 'express';
import { API_ROUTES, buildOpenApiDocument } from '@pt/contracts';

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The reference page: plain HTML rendered here, no scripts (it passes the gateway's CSP as is). */
function docsHtml(document: Record<string, unknown>): string {
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
  const sections = Object.entries(paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const id = escape(String(op.operationId));
        return `<section id="${id}"><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h2>
<p>${escape(String(op.summary))}</p><p class="d">${escape(String(op.description))}</p>
<details><summary>Parameters, body and responses</summary><pre>${escape(
          JSON.stringify(
            { parameters: op.parameters, requestBody: op.requestBody, responses: op.responses },
            null,
            2,
          ),
        )}</pre></details></section>`;
      }),
    )
    .join('\n');
  const toc = API_ROUTES.map(
    (r) =>
      `<li><a href="#${escape(`${r.method}${r.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`)}">${r.method.toUpperCase()} ${escape(r.path)}</a></li>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Price Tracker API</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
code,pre{font-family:ui-monospace,monospace}pre{background:#f5f5f5;padding:1rem;overflow:auto;font-size:13px}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:2px 6px}
.get{background:#2f6f3e}.post{background:#1f5fa8}.put{background:#8a5a00}.delete{background:#a82020}.patch{background:#5b3fa8}
.d{color:#555}section{border-top:1px solid #ddd;padding-top:.5rem}</style></head>
<body><h1>Price Tracker API</h1><p>Generated from the zod contracts. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
Errors are <code>{ "error": { "code", "message" } }</code>.</p><nav><ul>${toc}</ul></nav>${sections}</body></html>`;
}

/** The paths apiDocsRouter answers (as express matches them: any case, optional final slash). */
export const API_DOCS_PATHS = /^\/api\/(openapi\.json|docs)\/?$/i;

/** `/api/openapi.json` and `/api/docs`. Built once: the routes are static. */
export function apiDocsRouter(): Router {
  let document: Record<string, unknown> | undefined;
  let html: string | undefined;
  const doc = () => (document ??= buildOpenApiDocument());
  return Router()
    .get('/api/openapi.json', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.json(doc());
    })
    .get(['/api/docs', '/api/docs/'], (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.type('html').send((html ??= docsHtml(doc())));
    });
}
