import path from 'node:path';
import { standardHealth, type ServiceDefinition } from '@pt/platform';
import { WishlistModule } from './wishlist.module';

export const wishlistService: ServiceDefinition = {
  name: 'wishlist',
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  module: (runtime) => WishlistModule.register(runtime),
  health: (runtime) => standardHealth(runtime, { critical: ['db'], observed: ['bus'] }),
};

export { WishlistModule };
