import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  AddWishlistItemRequestSchema,
  CreateWishlistRequestSchema,
  ImportWishlistsRequestSchema,
  UpdatePositionsRequestSchema,
  UpdateWishlistRequestSchema,
  type ImportWishlistsResponse,
  type WishlistDeletedResponse,
  type WishlistItemResponse,
  type WishlistResponse,
  type WishlistShareResponse,
  type WishlistsResponse,
} from '@pt/contracts';
import { parseRequest } from '@pt/platform';
import { WishlistImportService } from '../services/wishlist-import.service';
import { WishlistItemsService } from '../services/wishlist-items.service';
import { WishlistSharesService } from '../services/wishlist-shares.service';
import { WishlistsService } from '../services/wishlists.service';
import { userIdOf, type RequestHeaders } from './request-user';

/** /api/v1/wishlists: every route is the verified user's own; others' ids are 404. */
@Controller('api/v1/wishlists')
export class WishlistsController {
  constructor(
    private readonly wishlists: WishlistsService,
    private readonly items: WishlistItemsService,
    private readonly importer: WishlistImportService,
    private readonly shares: WishlistSharesService,
  ) {}

  @Get()
  list(@Headers() headers: RequestHeaders): Promise<WishlistsResponse> {
    return this.wishlists.collection(userIdOf(headers));
  }

  @Post()
  create(@Headers() headers: RequestHeaders, @Body() body: unknown): Promise<WishlistResponse> {
    const userId = userIdOf(headers);
    const { name } = parseRequest(CreateWishlistRequestSchema, body, 'request body');
    return this.wishlists.create(userId, name);
  }

  /** Merges the anonymous browser data (§3 consolidated_wishlist_data) at sign-in; idempotent. */
  @Post('import')
  @HttpCode(200)
  import(@Headers() headers: RequestHeaders, @Body() body: unknown): Promise<ImportWishlistsResponse> {
    const userId = userIdOf(headers);
    return this.importer.import(userId, parseRequest(ImportWishlistsRequestSchema, body, 'request body'));
  }

  @Patch(':id')
  update(
    @Headers() headers: RequestHeaders,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<WishlistResponse> {
    const userId = userIdOf(headers);
    return this.wishlists.update(userId, id, parseRequest(UpdateWishlistRequestSchema, body, 'request body'));
  }

  @Delete(':id')
  remove(@Headers() headers: RequestHeaders, @Param('id') id: string): Promise<WishlistDeletedResponse> {
    return this.wishlists.remove(userIdOf(headers), id);
  }

  @Post(':id/items')
  addItem(
    @Headers() headers: RequestHeaders,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<WishlistItemResponse> {
    const userId = userIdOf(headers);
    return this.items.add(userId, id, parseRequest(AddWishlistItemRequestSchema, body, 'request body'));
  }

  /** §7 update_wishlist_item_positions: all or nothing. */
  @Put(':id/positions')
  positions(
    @Headers() headers: RequestHeaders,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<WishlistResponse> {
    const userId = userIdOf(headers);
    return this.wishlists.reorder(
      userId,
      id,
      parseRequest(UpdatePositionsRequestSchema, body, 'request body'),
    );
  }

  /** A read-only link to the list; asking again gives a new link and the old one stops working. */
  @Post(':id/share')
  share(@Headers() headers: RequestHeaders, @Param('id') id: string): Promise<WishlistShareResponse> {
    return this.shares.share(userIdOf(headers), id);
  }

  @Delete(':id/share')
  @HttpCode(204)
  async unshare(@Headers() headers: RequestHeaders, @Param('id') id: string): Promise<void> {
    await this.shares.revoke(userIdOf(headers), id);
  }
}
