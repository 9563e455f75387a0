import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { readRecentlyViewed } from '../../../lib/storage-keys';
import {
  catalogKeys,
  fetchCategories,
  fetchProductList,
  type ProductListKind,
} from '../../products/api/catalog';
import { ProductGrid, ResultsSkeleton } from '../../products/components/product-results';
import { useRegion } from '../../region/hooks/region-context';
import '../../products/shopping.css';

/** Home below the search hero: recently viewed, deals, trending, categories, new arrivals. */
export function HomeSections() {
  const recent = readRecentlyViewed();
  const categories = useQuery({ queryKey: catalogKeys.categories(), queryFn: fetchCategories });
  return (
    <>
      {recent.length > 0 && (
        <section aria-labelledby="recent-title">
          <h2 id="recent-title">Recently viewed</h2>
          <ul className="row" style={{ listStyle: 'none', padding: 0 }}>
            {recent.slice(0, 6).map((p) => (
              <li key={p.id}>
                <Link to={`/product/${encodeURIComponent(p.id)}`}>{p.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <HomeList kind="deals" title="Deals" />
      <HomeList kind="trending" title="Trending" />
      {categories.data && (
        <section aria-labelledby="home-categories">
          <h2 id="home-categories">Categories</h2>
          <ul className="row" style={{ listStyle: 'none', padding: 0 }}>
            {categories.data.categories.map((c) => (
              <li key={c.slug}>
                <Link className="btn btn-sm" to={`/category/${encodeURIComponent(c.slug)}`}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <HomeList kind="new-arrivals" title="New arrivals" />
    </>
  );
}

function HomeList({ kind, title }: { kind: ProductListKind; title: string }) {
  const { region } = useRegion();
  const list = useQuery({
    queryKey: catalogKeys.list(kind, region.id),
    queryFn: () => fetchProductList(kind, region.id),
  });
  if (list.isError) return null;
  return (
    <section aria-labelledby={`home-${kind}`}>
      <h2 id={`home-${kind}`}>
        <Link to={`/${kind}`}>{title}</Link>
      </h2>
      {list.isPending ? (
        <ResultsSkeleton count={4} />
      ) : (
        <ProductGrid products={list.data.products.slice(0, 4)} label={title} />
      )}
    </section>
  );
}
