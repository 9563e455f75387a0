import { useQuery } from '@tanstack/react-query';
import type { Product } from '@pt/contracts';
import { discountPercent, findAlertForProduct } from '@pt/domain';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { apiErrorMessage } from '../lib/api-error-message';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { LOCAL_KEYS } from '../lib/storage-keys';
import { readJson, writeJson } from '../lib/storage';
import { readAlerts } from '../modules/alerts/alerts-store';
import { AlertControl } from '../modules/alerts/components/alert-control';
import { notifyCrossing, observeLocalPrice } from '../modules/alerts/local-alert-watch';
import { PriceHistorySection } from '../modules/product/components/price-history-section';
import { PriceBadge } from '../modules/products/components/price-badge';
import { catalogKeys, fetchProduct, fetchRelated, retryProductLookup } from '../modules/products/api/catalog';
import {
  addToCompareWithToast,
  addToWishlistWithToast,
  sourceName,
} from '../modules/products/components/product-card';
import { ErrorState, ProductGrid, ResultsSkeleton } from '../modules/products/components/product-results';
import { useRegion } from '../modules/region/hooks/region-context';
import { useWishlistStore } from '../modules/wishlist/use-wishlist-store';
import { Page } from '../ui/page';
import { ProductImage } from '../ui/product-image';
import { DemoHistoryNote } from '../modules/product/components/demo-history-note';
import { Price, usePriceInRegion } from '../ui/price';
import { Select } from '../ui/select';

/** §9: a placeholder product is asked for again until the real data arrives. */
const PLACEHOLDER_REFRESH_MS = 5000;

function rememberViewed(product: Product): void {
  const list = readJson<Array<Pick<Product, 'id' | 'title'>>>(LOCAL_KEYS.recentlyViewed) ?? [];
  const next = [{ id: product.id, title: product.title }, ...list.filter((p) => p.id !== product.id)].slice(
    0,
    12,
  );
  writeJson(LOCAL_KEYS.recentlyViewed, next);
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const { region } = useRegion();
  const product = useQuery({
    queryKey: catalogKeys.product(id, region.id),
    queryFn: () => fetchProduct(id, region.id),
    retry: retryProductLookup,
    refetchInterval: (q) => (q.state.data?.isPlaceholder ? PLACEHOLDER_REFRESH_MS : false),
  });
  const loaded = product.data && !product.data.isPlaceholder ? product.data.product : undefined;
  const { authenticated } = useAuth();
  useEffect(() => {
    if (!loaded) return;
    rememberViewed(loaded);
    // Signed-in alerts are watched by the alert-notifier, which emails them.
    if (authenticated) return;
    // A visit is one more look at a local alert's listing: a crossing notifies once, as the watcher's.
    const alert = findAlertForProduct(readAlerts(), loaded.id);
    const crossed = alert && observeLocalPrice(alert.id, loaded.price, loaded.currency);
    if (crossed) notifyCrossing(crossed, region.currency);
  }, [loaded, authenticated, region.currency]);

  if (product.isPending)
    return (
      <Page title="Loading product…">
        <ResultsSkeleton count={2} />
      </Page>
    );
  if (product.isError) {
    const notFound =
      product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);
    return notFound ? (
      <Page title="Product not found">
        <p>We could not find this product on any marketplace. It may have been removed.</p>
        <Link to="/search" className="btn">
          Search for products
        </Link>
      </Page>
    ) : (
      <Page title="Product details">
        <ErrorState message={apiErrorMessage(product.error)} onRetry={() => void product.refetch()} />
      </Page>
    );
  }
  if (product.data.isPlaceholder)
    return (
      <Page title="Product is being loaded">
        <p role="status" aria-live="polite">
          We are fetching this product from the marketplace. This page refreshes by itself when it arrives.
        </p>
        <ResultsSkeleton count={1} />
      </Page>
    );
  return (
    <ProductDetail
      product={product.data.product}
      fetchedAt={product.data.fetchedAt}
      source={product.data.source}
    />
  );
}

function ProductDetail({
  product: p,
  fetchedAt,
  source,
}: {
  product: Product;
  fetchedAt: string;
  source: string;
}) {
  const { region } = useRegion();
  const format = usePriceInRegion();
  const [image, setImage] = useState(0);
  const related = useQuery({
    queryKey: catalogKeys.related(p.id, region.id),
    queryFn: () => fetchRelated(p.id, region.id),
  });
  const discount = p.discount ?? discountPercent(p.price, p.originalPrice);
  const images = p.images.length ? p.images : p.image ? [p.image] : [];

  return (
    <Page title={p.title} className="product-page">
      <div className="product-layout">
        <div className="product-buy">
          <span className="badge">{sourceName(p)}</span>
          {/* The price badge (low / typical / high for this listing) sits in this row, by the price. */}
          <p className="product-price">
            <Price amount={p.price} currency={p.currency} testId="product-price" />
            {p.originalPrice !== undefined && p.originalPrice > p.price && (
              <Price amount={p.originalPrice} currency={p.currency} strike testId="original-price" />
            )}
            {discount !== undefined && discount > 0 && (
              <span className="discount">−{Math.round(discount)}%</span>
            )}
            <PriceBadge badge={p.priceBadge} />
          </p>
          <p className="muted product-landed">
            {p.shippingCost !== undefined && p.shippingCost > 0 ? (
              <>
                <strong>{format(p.price + p.shippingCost, p.currency)}</strong> with shipping
              </>
            ) : (
              p.shipping
            )}
          </p>
          <p className="muted product-rating">
            <span aria-hidden>★</span> {p.rating.toFixed(1)}
            {p.reviews !== undefined ? ` (${p.reviews.toLocaleString()} reviews)` : ''}
          </p>
          <AlertControl product={p} />
          <div className="shop-actions">
            {p.url && /^https?:/.test(p.url) && (
              <a className="btn btn-primary" href={p.url} target="_blank" rel="noopener noreferrer sponsored">
                View on {sourceName(p)}
              </a>
            )}
            <WishlistPicker product={p} />
            <button type="button" className="btn" onClick={() => addToCompareWithToast(p)}>
              Add to compare
            </button>
          </div>
          <p className="muted" data-testid="last-updated">
            Last updated {new Date(fetchedAt).toLocaleString()} from {sourceLabel(source, sourceName(p))}.
          </p>
        </div>
        <div className="gallery">
          {/* The main picture is the page's largest paint on a phone: fetched first, never lazily. */}
          <ProductImage
            src={images[image]}
            alt={p.title}
            width={500}
            height={500}
            className="gallery-main"
            loading="eager"
            fetchPriority="high"
          />
          {images.length > 1 && (
            <div className="gallery-thumbs" role="group" aria-label="Product images">
              {images.map((src, i) => (
                <button key={src} type="button" aria-pressed={i === image} onClick={() => setImage(i)}>
                  <ProductImage src={src} alt={`Image ${i + 1}`} className="gallery-thumb" />
                </button>
              ))}
            </div>
          )}
        </div>
        <div className="product-history">
          <PriceHistorySection
            productId={p.id}
            {...(source === 'live' ? { lookup: { price: p.price, currency: p.currency, fetchedAt } } : {})}
            currentSavings={
              p.originalPrice !== undefined && p.originalPrice > p.price
                ? format(p.originalPrice - p.price, p.currency)
                : null
            }
          />
          <DemoHistoryNote
            productId={p.id}
            {...(source === 'live' ? { lookup: { price: p.price, currency: p.currency, fetchedAt } } : {})}
          />
        </div>
      </div>

      <section aria-labelledby="details-title">
        <h2 id="details-title">Details</h2>
        <dl className="stats">
          {p.shipping && (
            <div>
              <dt>Shipping</dt>
              <dd>
                {p.shipping}
                {p.shippingCost !== undefined ? ` (${format(p.shippingCost, p.currency)})` : ''}
              </dd>
            </div>
          )}
          {p.seller && (
            <div>
              <dt>Seller</dt>
              <dd>{p.seller}</dd>
            </div>
          )}
          {p.condition && (
            <div>
              <dt>Condition</dt>
              <dd>{p.condition}</dd>
            </div>
          )}
          {p.location && (
            <div>
              <dt>Location</dt>
              <dd>{p.location}</dd>
            </div>
          )}
          <div>
            <dt>Rating</dt>
            <dd>
              ★ {p.rating.toFixed(1)}
              {p.reviews !== undefined ? ` · ${p.reviews.toLocaleString()} reviews` : ''}
            </dd>
          </div>
        </dl>
      </section>

      {(p.features.length > 0 || Object.keys(p.specifications).length > 0) && (
        <section aria-labelledby="specs-title">
          <h2 id="specs-title">Features and specifications</h2>
          {p.features.length > 0 && (
            <ul>
              {p.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
          {Object.keys(p.specifications).length > 0 && (
            <table className="data-table">
              <tbody>
                {Object.entries(p.specifications).map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td>{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      {p.description && <p className="prose">{p.description}</p>}

      <section aria-labelledby="related-title">
        <h2 id="related-title">Related products</h2>
        {related.isPending ? (
          <ResultsSkeleton count={4} />
        ) : related.isError || related.data.products.length === 0 ? (
          <p className="muted">No related products found.</p>
        ) : (
          <ProductGrid products={related.data.products} label="Related products" />
        )}
      </section>
    </Page>
  );
}

const sourceLabel = (source: string, marketplace: string) =>
  source === 'live'
    ? `${marketplace} (live)`
    : source === 'cache'
      ? `${marketplace} (cached)`
      : source === 'sample'
        ? 'our sample catalogue'
        : marketplace;

function WishlistPicker({ product }: { product: Product }) {
  const store = useWishlistStore();
  const { state } = store;
  const [picked, setListId] = useState<string | null>(null);
  // Until the user picks one, the active list (signed-in lists arrive after the first render).
  const listId = picked ?? state.activeWishlistId ?? state.wishlists[0]?.id ?? '';
  return (
    <span className="row">
      <Select
        id="wishlist-pick"
        label="Wishlist"
        hideLabel
        compact
        value={listId}
        onValueChange={setListId}
        options={state.wishlists.map((w) => ({ value: w.id, label: w.name }))}
      />
      <button
        type="button"
        className="btn"
        onClick={() => addToWishlistWithToast(store, product, listId || undefined)}
      >
        Add to wishlist
      </button>
    </span>
  );
}
