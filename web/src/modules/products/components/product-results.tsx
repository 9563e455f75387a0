import type { MarketplaceStatus, Product } from '@pt/contracts';
import type { ReactNode } from 'react';
import { marketplaceStatusSentences } from '../marketplace-status';
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

/** One line per marketplace that failed, ran out of quota or could have been chosen but was not. */
export function MarketplaceStatusLine({ statuses }: { statuses: readonly MarketplaceStatus[] }) {
  const sentences = marketplaceStatusSentences(statuses);
  if (sentences.length === 0) return null;
  return (
    <ul className="status-line" role="status" aria-label="Marketplace status">
      {sentences.map((sentence) => (
        <li key={sentence}>{sentence}</li>
      ))}
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
