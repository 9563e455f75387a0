import { getActiveWishlist, WISHLIST_MESSAGES } from '@pt/domain';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, ResultsSkeleton } from '../modules/products/components/product-results';
import { usePotentialSavingsOf } from '../modules/product/hooks/use-price-history';
import { NewWishlistForm } from '../modules/wishlist/components/new-wishlist-form';
import { WishlistHeading } from '../modules/wishlist/components/wishlist-heading';
import { WishlistItems } from '../modules/wishlist/components/wishlist-items';
import { WishlistSummary } from '../modules/wishlist/components/wishlist-summary';
import { WishlistTabs } from '../modules/wishlist/components/wishlist-tabs';
import { productPageId } from '../modules/wishlist/api/server-wishlists';
import { useWishlistStore } from '../modules/wishlist/hooks/use-wishlist-store';
import { sortedItems } from '../modules/wishlist/utils/list-savings';
import { ItemAlertSwitch } from '../modules/wishlist-alerts/item-alert-switch';
import { Page } from '../ui/page';
import '../modules/products/shopping.css';

/**
 * §2 /wishlist: the lists of whoever is using the app (this browser's, or the signed-in account's
 * on the server; useWishlistStore hides which).
 */
export default function WishlistPage() {
  const store = useWishlistStore();
  const { state } = store;
  const active = getActiveWishlist(state) ?? state.wishlists[0];
  const items = active ? sortedItems(active) : [];
  // Potential savings are the pricing service's figure from each item's history (region currency).
  const savings = usePotentialSavingsOf(items.map((i) => productPageId(i.productId)));
  if (store.status === 'loading')
    return (
      <Page title="Wishlists">
        <ResultsSkeleton count={2} />
      </Page>
    );
  if (store.status === 'error')
    return (
      <Page title="Wishlists">
        <ErrorState message={store.error ?? WISHLIST_MESSAGES.failedToLoad} onRetry={store.retry} />
      </Page>
    );
  if (!active) return <Page title="Wishlists" />;

  return (
    <Page title="Wishlists">
      <p>
        <Link to="/wishlist/alerts">Price alerts</Link>
      </p>
      <WishlistTabs store={store} active={active} />
      <NewWishlistForm store={store} />
      <section aria-labelledby="list-title" style={{ marginTop: '1rem' }}>
        <WishlistHeading store={store} active={active} />
        <WishlistSummary items={items} savings={savings} />
        {items.length === 0 ? (
          <EmptyState title="This list is empty">
            <p>
              <Link to="/search">Search for products</Link> and add them here to watch their prices.
            </p>
          </EmptyState>
        ) : (
          <WishlistItems
            store={store}
            active={active}
            items={items}
            savings={savings}
            alertSwitch={(item) => <ItemAlertSwitch item={item} listId={active.id} actions={store} />}
          />
        )}
      </section>
    </Page>
  );
}
