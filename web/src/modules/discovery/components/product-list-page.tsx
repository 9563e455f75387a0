import { useQuery } from '@tanstack/react-query';
import type { Product, ProductListResponse } from '@pt/contracts';
import type { ReactNode } from 'react';
import {
  EmptyState,
  ErrorState,
  MarketplaceStatusLine,
  ProductGrid,
  ResultsSkeleton,
} from '../../products/components/product-results';
import { Page } from '../../../ui/page';
import { apiErrorMessage } from '../../../lib/api-error-message';

/** Deals, trending, new arrivals and marketplace pages: one list of real catalog products, same states as search. */
export function ProductListPage({
  title,
  intro,
  queryKey,
  load,
  empty = 'Check back soon: this list follows the marketplaces live.',
  note,
  children,
}: {
  title: string;
  intro: string;
  queryKey: readonly unknown[];
  load(): Promise<ProductListResponse>;
  /** What an empty list says. */
  empty?: string;
  /** A line added to each card (Deals: why it is one). */
  note?: (product: Product) => ReactNode;
  children?: ReactNode;
}) {
  const list = useQuery({ queryKey, queryFn: load });
  // The catalog ranks each list (Deals by the drop below each listing's own median).
  const products = list.data?.products ?? [];
  return (
    <Page title={title}>
      <p className="muted">{intro}</p>
      {children}
      {list.isPending ? (
        <ResultsSkeleton />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <MarketplaceStatusLine statuses={list.data.marketplaces} />
          {products.length === 0 ? (
            <EmptyState title="Nothing here right now">
              <p>{empty}</p>
            </EmptyState>
          ) : (
            <ProductGrid products={products} label={title} note={note} />
          )}
        </>
      )}
    </Page>
  );
}
