import path from 'node:path';
import { standardReadiness, type ServiceDefinition } from '@pt/platform';
import { WishlistModule } from './wishlist.module';

export const wishlistService: ServiceDefinition = {
  name: 'wishlist',
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  module: (runtime) => WishlistModule.register(runtime),
  readiness: (runtime) => standardReadiness(runtime, ['db', 'bus']),
};

export { WishlistModule };
