import { Controller, Header, Redirect } from '@nestjs/common';
import type { UnsubscribePreview, UnsubscribeQuery, UnsubscribeResponse } from '@pt/contracts';
import { Endpoint, Input } from '@pt/platform';
import { UnsubscribeService } from '../services/unsubscribe.service';

/**
 * The link in List-Unsubscribe (RFC 8058). POST is the one-click action mail clients send
 * (`List-Unsubscribe=One-Click`). A person opens the web app's page (/unsubscribe?token=…), which
 * reads the preview and asks before it POSTs; a GET of the API link itself (a client opening
 * List-Unsubscribe in a browser, or an email sent before the app had that page) is sent there, so
 * a mail scanner prefetching a link unsubscribes nothing. Public: the signed token is the
 * authorisation.
 */
@Controller()
export class UnsubscribeController {
  constructor(private readonly unsubscribe: UnsubscribeService) {}

  @Endpoint('POST /api/v1/alerts/unsubscribe')
  async oneClick(@Input('query') { token }: UnsubscribeQuery): Promise<UnsubscribeResponse> {
    const { productTitle } = await this.unsubscribe.unsubscribe(token);
    return { unsubscribed: true, productTitle };
  }

  @Endpoint('GET /api/v1/alerts/unsubscribe/preview')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  preview(@Input('query') { token }: UnsubscribeQuery): Promise<UnsubscribePreview> {
    return this.unsubscribe.peek(token);
  }

  /** Relative, so it stays on whichever host (the gateway) the link was opened on. */
  @Endpoint('GET /api/v1/alerts/unsubscribe')
  @Redirect()
  @Header('Referrer-Policy', 'no-referrer')
  page(@Input('query') { token }: UnsubscribeQuery): { url: string; statusCode: number } {
    return { url: `/unsubscribe?token=${encodeURIComponent(token)}`, statusCode: 302 };
  }
}
