import { Body, Controller, Delete, Headers, Param, Patch } from '@nestjs/common';
import {
  UpdateWishlistItemRequestSchema,
  type WishlistDeletedResponse,
  type WishlistItemResponse,
} from '@pt/contracts';
import { parseRequest } from '@pt/platform';
import { WishlistItemsService } from '../services/wishlist-items.service';
import { userIdOf, type RequestHeaders } from './request-user';

/** /api/v1/wishlist-items/:itemId: move, note, alert, remove — the user's own items only. */
@Controller('api/v1/wishlist-items')
export class WishlistItemsController {
  constructor(private readonly items: WishlistItemsService) {}

  @Patch(':itemId')
  update(
    @Headers() headers: RequestHeaders,
    @Param('itemId') itemId: string,
    @Body() body: unknown,
  ): Promise<WishlistItemResponse> {
    const userId = userIdOf(headers);
    return this.items.update(
      userId,
      itemId,
      parseRequest(UpdateWishlistItemRequestSchema, body, 'request body'),
    );
  }

  @Delete(':itemId')
  remove(
    @Headers() headers: RequestHeaders,
    @Param('itemId') itemId: string,
  ): Promise<WishlistDeletedResponse> {
    return this.items.remove(userIdOf(headers), itemId);
  }
}
