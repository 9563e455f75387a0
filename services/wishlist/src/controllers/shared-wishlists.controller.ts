import { Controller, Res } from '@nestjs/common';
import type { SharedWishlist } from '@pt/contracts';
import { Endpoint, Input } from '@pt/platform';
import type { Response } from 'express';
import { WishlistSharesService } from '../services/wishlist-shares.service';

/**
 * A shared list, for anyone with its link (no session: the token in the path is the
 * authorisation). Search engines list none of them and the token leaves in no Referer.
 */
@Controller()
export class SharedWishlistsController {
  constructor(private readonly shares: WishlistSharesService) {}

  @Endpoint('GET /api/v1/shared-wishlists/{token}')
  view(
    @Input('params') { token }: { token: string },
    @Res({ passthrough: true }) res: Response,
  ): Promise<SharedWishlist> {
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return this.shares.view(token);
  }
}
