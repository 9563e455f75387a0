import { Controller } from '@nestjs/common';
import type { UpdateWishlistItemRequest, WishlistDeletedResponse, WishlistItemResponse } from '@pt/contracts';
import { Caller, Endpoint, Input, type VerifiedUser } from '@pt/platform';
import { WishlistItemsService } from '../services/wishlist-items.service';

type ItemId = { itemId: string };

/** /api/v1/wishlist-items/:itemId: move, note, alert, remove — the caller's own items only. */
@Controller()
export class WishlistItemsController {
  constructor(private readonly items: WishlistItemsService) {}

  @Endpoint('PATCH /api/v1/wishlist-items/{itemId}')
  update(
    @Caller() user: VerifiedUser,
    @Input('params') { itemId }: ItemId,
    @Input('body') body: UpdateWishlistItemRequest,
  ): Promise<WishlistItemResponse> {
    return this.items.update(user.id, itemId, body);
  }

  @Endpoint('DELETE /api/v1/wishlist-items/{itemId}')
  remove(
    @Caller() user: VerifiedUser,
    @Input('params') { itemId }: ItemId,
  ): Promise<WishlistDeletedResponse> {
    return this.items.remove(user.id, itemId);
  }
}
