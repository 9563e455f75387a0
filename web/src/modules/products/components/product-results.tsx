import type { MarketplaceStatus, Product } from '@pt/contracts';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { EmptyState as EmptyStateView } from '../../../ui/empty-state';
import { ErrorState as ErrorStateView } from '../../../ui/error-state';
import { Skeleton } from '../../../ui/skeleton';
import { marketplaceStatusSentences } from '../utils/marketplace-status';
import { ProductCard } from './product-card';

/** Shown while results load: the grid's shape, so the page never jumps or goes blank. */
export function ResultsSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-busy="true" aria-label="Loading results">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="product-card">
          <Skeleton height={120} />
          <Skeleton />
          <Skeleton width="60%" />
        </li>
      ))}
    </ul>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <ErrorStateView
      title="Something went wrong"
      action={
        onRetry && (
          <Button variant="primary" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      <p>{message}</p>
    </ErrorStateView>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <EmptyStateView icon={SearchX} title={title} testId="empty-state">
      {children}
    </EmptyStateView>
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

/** `note` adds a line to a card (Deals: why it is a deal), so the code for it loads with that page only. */
export function ProductGrid({
  products,
  label,
  note,
}: {
  products: readonly Product[];
  label: string;
  note?: (product: Product) => ReactNode;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} note={note?.(p)} />
      ))}
    </ul>
  );
}
