import { Controller, Get, Header, HttpCode, Post, Query, Redirect } from '@nestjs/common';
import { UnsubscribeQuerySchema, type UnsubscribePreview, type UnsubscribeResponse } from '@pt/contracts';
import { parseRequest } from '@pt/platform';
import { UnsubscribeService } from '../services/unsubscribe.service';

/**
 * The link in List-Unsubscribe (RFC 8058). POST is the one-click action mail clients send
 * (`List-Unsubscribe=One-Click`). A person opens the web app's page (/unsubscribe?token=…), which
 * reads the preview and asks before it POSTs; a GET of the API link itself (a client opening
 * List-Unsubscribe in a browser, or an email sent before the app had that page) is sent there, so
 * a mail scanner prefetching a link unsubscribes nothing. Public: the signed token is the
 * authorisation.
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

  @Get('preview')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async preview(@Query() query: unknown): Promise<UnsubscribePreview> {
    const { token } = parseRequest(UnsubscribeQuerySchema, query, 'query');
    return this.unsubscribe.peek(token);
  }

  /** Relative, so it stays on whichever host (the gateway) the link was opened on. */
  @Get()
  @Redirect()
  @Header('Referrer-Policy', 'no-referrer')
  page(@Query() query: unknown): { url: string; statusCode: number } {
    const { token } = parseRequest(UnsubscribeQuerySchema, query, 'query');
    return { url: `/unsubscribe?token=${encodeURIComponent(token)}`, statusCode: 302 };
  }
}
