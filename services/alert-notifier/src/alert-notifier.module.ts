import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { declaredEventHandlers, portProviders, type Runtime } from '@pt/platform';
import { appBaseUrl, toNotifierConfig, type NotifierConfig } from './config';
import { AuthEmailConsumer } from './consumers/auth-email.consumer';
import { AvailabilityChangedConsumer } from './consumers/availability-changed.consumer';
import { PriceChangedConsumer } from './consumers/price-changed.consumer';
import { UserChangedConsumer } from './consumers/user-changed.consumer';
import { WishlistAlertConsumer } from './consumers/wishlist-alert.consumer';
import { WishlistDropConsumer } from './consumers/wishlist-drop.consumer';
import { AdminNotificationsController } from './controllers/admin-notifications.controller';
import { AlertsController } from './controllers/alerts.controller';
import { DemoControlController } from './controllers/demo-control.controller';
import { FeedSettingsController } from './controllers/feed-settings.controller';
import { PrivateFeedController } from './controllers/private-feed.controller';
import { UnsubscribeController } from './controllers/unsubscribe.controller';
import { SendEmailJob } from './jobs/send-email.job';
import { AlertMembersRepository } from './repositories/alert-members.repository';
import { AlertsRepository } from './repositories/alerts.repository';
import { ContactsRepository } from './repositories/contacts.repository';
import { DigestsRepository } from './repositories/digests.repository';
import { FeedTokensRepository } from './repositories/feed-tokens.repository';
import { NotificationsRepository } from './repositories/notifications.repository';
import { SigningSecretsRepository } from './repositories/signing-secrets.repository';
import { ListingAvailabilityRepository } from './repositories/listing-availability.repository';
import { WishlistDropsRepository } from './repositories/wishlist-drops.repository';
import { AlertEvaluationService } from './services/alert-evaluation.service';
import { AlertFeedService } from './services/alert-feed.service';
import { AppLinks } from './services/app-links';
import { AlertsService } from './services/alerts.service';
import { HttpDemoControl, type DemoControl } from './services/demo-control.service';
import { DigestSchedulerService } from './services/digest-scheduler.service';
import { DigestSenderService } from './services/digest-sender.service';
import { EmailQueueService } from './services/email-queue.service';
import { EmailSenderService } from './services/email-sender.service';
import { FeedTokensService } from './services/feed-tokens.service';
import { PreferencesService } from './services/preferences.service';
import { PriceContextClient } from './services/price-context.client';
import { HttpProductLookup, type ProductLookup } from './services/product-lookup.service';
import { UnsubscribeService } from './services/unsubscribe.service';
import { UnsubscribeTokens } from './services/unsubscribe-tokens.service';
import { APP_LINKS, DEMO_CONTROL, NOTIFIER_CONFIG, PRICE_CONTEXT, PRODUCT_LOOKUP } from './tokens';

export interface AlertNotifierModuleOptions {
  /** Replaces the catalog HTTP client (tests). */
  productLookup?: ProductLookup;
  /** Replaces the demo control HTTP client (tests). */
  demoControl?: DemoControl;
}

/** Price alerts, their evaluation and the `email` queue, plus account emails. */
/** A price-drop email waits this long for each of pricing's reads, then goes without its chart. */
const PRICE_CONTEXT_DEADLINE_MS = 2_000;

@Module({})
export class AlertNotifierModule {
  static register(
    runtime: Runtime,
    env: Record<string, unknown> = {},
    options: AlertNotifierModuleOptions = {},
  ): DynamicModule {
    const config: NotifierConfig = toNotifierConfig(env);
    // Read per call: the embedded host learns its own address (the catalog's, through the
    // gateway) only after the services started.
    const catalogUrl = () => config.catalogUrl ?? runtime.rawEnv.CATALOG_URL?.replace(/\/+$/, '');
    return {
      module: AlertNotifierModule,
      imports: [DiscoveryModule],
      controllers: [
        UnsubscribeController,
        FeedSettingsController,
        AlertsController,
        PrivateFeedController,
        AdminNotificationsController,
        DemoControlController,
      ],
      providers: [
        ...portProviders(runtime, 'alert-notifier', ['db', 'bus', 'mailer', 'queue', 'clock']),
        { provide: NOTIFIER_CONFIG, useValue: config },
        { provide: APP_LINKS, useValue: new AppLinks(() => appBaseUrl(config, runtime.rawEnv)) },
        { provide: PRODUCT_LOOKUP, useValue: options.productLookup ?? new HttpProductLookup(catalogUrl) },
        {
          provide: PRICE_CONTEXT,
          useValue: new PriceContextClient(
            () => config.pricingUrl ?? runtime.rawEnv.PRICING_URL?.replace(/\/+$/, ''),
            PRICE_CONTEXT_DEADLINE_MS,
            runtime.logger.child({ service: 'alert-notifier', component: 'price-context' }),
          ),
        },
        {
          provide: DEMO_CONTROL,
          useValue: options.demoControl ?? new HttpDemoControl(() => config.demoControl),
        },
        AlertsRepository,
        AlertMembersRepository,
        ContactsRepository,
        DigestsRepository,
        FeedTokensRepository,
        NotificationsRepository,
        SigningSecretsRepository,
        WishlistDropsRepository,
        ListingAvailabilityRepository,
        AlertsService,
        AlertEvaluationService,
        PreferencesService,
        EmailQueueService,
        EmailSenderService,
        DigestSenderService,
        DigestSchedulerService,
        UnsubscribeTokens,
        UnsubscribeService,
        FeedTokensService,
        AlertFeedService,
        AuthEmailConsumer,
        PriceChangedConsumer,
        AvailabilityChangedConsumer,
        WishlistAlertConsumer,
        WishlistDropConsumer,
        UserChangedConsumer,
        ...declaredEventHandlers('alert-notifier'),
        SendEmailJob,
      ],
    };
  }
}
