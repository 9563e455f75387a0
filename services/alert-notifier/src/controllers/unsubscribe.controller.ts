import { Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { UnsubscribeQuerySchema, type UnsubscribeResponse } from '@pt/contracts';
import { parseRequest } from '@pt/platform';
import { UnsubscribeService } from '../services/unsubscribe.service';

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The link in List-Unsubscribe (RFC 8058). POST is the one-click action mail clients send
 * (`List-Unsubscribe=One-Click`); a GET (a person clicking the link in the email, or a mail
 * scanner prefetching it) only shows a page with the button, so prefetching unsubscribes nothing.
 * Public: the signed token is the authorisation.
 */
@Controller('api/v1/alerts/unsubscribe')
export class UnsubscribeController {
  constructor(private readonly unsubscribe: UnsubscribeService) {}

  @Post()
  @HttpCode(200)
  async oneClick(@Query() query: unknown): Promise<UnsubscribeResponse> {
    const { token } = parseRequest(UnsubscribeQuerySchema, query, 'query');
    const { productTitle } = await this.unsubscribe.unsubscribe(token);
    return { unsubscribed: true, productTitle };
  }

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
  @Header('Referrer-Policy', 'no-referrer')
  async page(@Query() query: unknown): Promise<string> {
    const { token } = parseRequest(UnsubscribeQuerySchema, query, 'query');
    const { productTitle } = await this.unsubscribe.peek(token);
    const what = productTitle
      ? `price alerts for <strong>${escapeHtml(productTitle)}</strong>`
      : 'this price alert';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unsubscribe</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">
<h1 style="font-size:1.4rem">Stop price alerts?</h1>
<p>This turns off ${what}. You can switch it back on from your account.</p>
<form method="post" action="?token=${encodeURIComponent(token)}">
<button type="submit" style="font-size:1rem;padding:.5rem 1rem">Turn off this alert</button>
</form></body></html>`;
  }
}
