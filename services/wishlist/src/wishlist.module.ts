import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { declaredEventHandlers, portProviders, type Runtime } from '@pt/platform';
import { PriceChangedConsumer } from './consumers/price-changed.consumer';
import { UserChangedConsumer } from './consumers/user-changed.consumer';
import { SharedWishlistsController } from './controllers/shared-wishlists.controller';
import { WishlistItemsController } from './controllers/wishlist-items.controller';
import { WishlistsController } from './controllers/wishlists.controller';
import { WishlistItemsRepository } from './repositories/wishlist-items.repository';
import { WishlistsRepository } from './repositories/wishlists.repository';
import { ItemPricesService } from './services/item-prices.service';
import { WishlistEventsService } from './services/wishlist-events.service';
import { WishlistImportService } from './services/wishlist-import.service';
import { WishlistItemsService } from './services/wishlist-items.service';
import { WishlistSharesService } from './services/wishlist-shares.service';
import { WishlistsService } from './services/wishlists.service';

/** Signed-in wishlists and items: HTTP API, price and account consumers. */
@Module({})
export class WishlistModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: WishlistModule,
      imports: [DiscoveryModule],
      controllers: [WishlistsController, WishlistItemsController, SharedWishlistsController],
      providers: [
        ...portProviders(runtime, 'wishlist', ['db', 'bus', 'clock']),
        WishlistsRepository,
        WishlistItemsRepository,
        WishlistEventsService,
        WishlistsService,
        WishlistItemsService,
        WishlistImportService,
        WishlistSharesService,
        ItemPricesService,
        PriceChangedConsumer,
        UserChangedConsumer,
        ...declaredEventHandlers('wishlist'),
      ],
    };
  }
}
