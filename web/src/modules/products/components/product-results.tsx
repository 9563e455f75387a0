import type { MarketplaceStatus, Product } from '@pt/contracts';
import { MARKETPLACE_NAMES, type MarketplaceId } from '@pt/domain';
import type { ReactNode } from 'react';
import { ProductCard } from './product-card';

/** Shown while results load: the grid's shape, so the page never jumps or goes blank. */
export function ResultsSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-busy="true" aria-label="Loading results">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="product-card">
          <div className="skeleton" style={{ height: 120 }} />
          <div className="skeleton" />
          <div className="skeleton" style={{ width: '60%' }} />
        </li>
      ))}
    </ul>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="card state-card">
      <h2>Something went wrong</h2>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="card state-card" data-testid="empty-state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** One line per marketplace that failed or was skipped (out of quota, unavailable). */
export function MarketplaceStatusLine({ statuses }: { statuses: readonly MarketplaceStatus[] }) {
  const troubled = statuses.filter((s) => s.status !== 'ok');
  if (troubled.length === 0) return null;
  return (
    <ul className="status-line" role="status" aria-label="Marketplace status">
      {troubled.map((s) => {
        const name = MARKETPLACE_NAMES[s.marketplace as MarketplaceId] ?? s.marketplace;
        const why = s.error?.rateLimited
          ? 'is out of quota right now; its results are missing'
          : s.status === 'skipped'
            ? 'was not searched'
            : 'is not answering; its results are missing';
        return (
          <li key={s.marketplace}>
            {name} {why}
            {s.error?.retryAfterMs ? ` (retry in ${Math.ceil(s.error.retryAfterMs / 1000)} s)` : ''}.
          </li>
        );
      })}
    </ul>
  );
}

export function ProductGrid({ products, label }: { products: readonly Product[]; label: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </ul>
  );
}
