import { Controller } from '@nestjs/common';
import type {
  AddWishlistItemRequest,
  CreateWishlistRequest,
  ImportWishlistsRequest,
  ImportWishlistsResponse,
  UpdatePositionsRequest,
  UpdateWishlistRequest,
  WishlistDeletedResponse,
  WishlistItemResponse,
  WishlistResponse,
  WishlistShareResponse,
  WishlistsResponse,
} from '@pt/contracts';
import { Caller, Endpoint, Input, type VerifiedUser } from '@pt/platform';
import { WishlistImportService } from '../services/wishlist-import.service';
import { WishlistItemsService } from '../services/wishlist-items.service';
import { WishlistSharesService } from '../services/wishlist-shares.service';
import { WishlistsService } from '../services/wishlists.service';

type WishlistId = { id: string };

/** /api/v1/wishlists: every route is the verified caller's own; others' ids are 404. */
@Controller()
export class WishlistsController {
  constructor(
    private readonly wishlists: WishlistsService,
    private readonly items: WishlistItemsService,
    private readonly importer: WishlistImportService,
    private readonly shares: WishlistSharesService,
  ) {}

  @Endpoint('GET /api/v1/wishlists')
  list(@Caller() user: VerifiedUser): Promise<WishlistsResponse> {
    return this.wishlists.collection(user.id);
  }

  @Endpoint('POST /api/v1/wishlists')
  create(
    @Caller() user: VerifiedUser,
    @Input('body') { name }: CreateWishlistRequest,
  ): Promise<WishlistResponse> {
    return this.wishlists.create(user.id, name);
  }

  /** Merges the anonymous browser data (§3 consolidated_wishlist_data) at sign-in; idempotent. */
  @Endpoint('POST /api/v1/wishlists/import')
  import(
    @Caller() user: VerifiedUser,
    @Input('body') body: ImportWishlistsRequest,
  ): Promise<ImportWishlistsResponse> {
    return this.importer.import(user.id, body);
  }

  @Endpoint('PATCH /api/v1/wishlists/{id}')
  update(
    @Caller() user: VerifiedUser,
    @Input('params') { id }: WishlistId,
    @Input('body') body: UpdateWishlistRequest,
  ): Promise<WishlistResponse> {
    return this.wishlists.update(user.id, id, body);
  }

  @Endpoint('DELETE /api/v1/wishlists/{id}')
  remove(
    @Caller() user: VerifiedUser,
    @Input('params') { id }: WishlistId,
  ): Promise<WishlistDeletedResponse> {
    return this.wishlists.remove(user.id, id);
  }

  @Endpoint('POST /api/v1/wishlists/{id}/items')
  addItem(
    @Caller() user: VerifiedUser,
    @Input('params') { id }: WishlistId,
    @Input('body') body: AddWishlistItemRequest,
  ): Promise<WishlistItemResponse> {
    return this.items.add(user.id, id, body);
  }

  /** §7 update_wishlist_item_positions: all or nothing. */
  @Endpoint('PUT /api/v1/wishlists/{id}/positions')
  positions(
    @Caller() user: VerifiedUser,
    @Input('params') { id }: WishlistId,
    @Input('body') body: UpdatePositionsRequest,
  ): Promise<WishlistResponse> {
    return this.wishlists.reorder(user.id, id, body);
  }

  /** A read-only link to the list; asking again gives a new link and the old one stops working. */
  @Endpoint('POST /api/v1/wishlists/{id}/share')
  share(@Caller() user: VerifiedUser, @Input('params') { id }: WishlistId): Promise<WishlistShareResponse> {
    return this.shares.share(user.id, id);
  }

  @Endpoint('DELETE /api/v1/wishlists/{id}/share')
  async unshare(@Caller() user: VerifiedUser, @Input('params') { id }: WishlistId): Promise<void> {
    await this.shares.revoke(user.id, id);
  }
}
