import { useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@pt/contracts';
import { discountPercent } from '@pt/domain';
import type { ReactNode } from 'react';
import {
  EmptyState,
  ErrorState,
  MarketplaceStatusLine,
  ProductGrid,
  ResultsSkeleton,
} from '../products/components/product-results';
import { Page } from '../../ui/page';
import { apiErrorMessage } from '../../lib/api-error-message';

/** Deals, trending, new arrivals and marketplace pages: one list of real catalog products, same states as search. */
export function ProductListPage({
  title,
  intro,
  queryKey,
  load,
  sortByDrop,
  children,
}: {
  title: string;
  intro: string;
  queryKey: readonly unknown[];
  load(): Promise<ProductListResponse>;
  /** Deals: the biggest real drops first. */
  sortByDrop?: boolean;
  children?: ReactNode;
}) {
  const list = useQuery({ queryKey, queryFn: load });
  const drop = (p: ProductListResponse['products'][number]) =>
    p.discount ?? discountPercent(p.price, p.originalPrice) ?? 0;
  const products = list.data
    ? sortByDrop
      ? [...list.data.products].filter((p) => drop(p) > 0).sort((a, b) => drop(b) - drop(a))
      : list.data.products
    : [];
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
              <p>Check back soon: this list follows the marketplaces live.</p>
            </EmptyState>
          ) : (
            <ProductGrid products={products} label={title} />
          )}
        </>
      )}
    </Page>
  );
}
