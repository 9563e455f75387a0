import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { catalogKeys, fetchCategories } from '../modules/products/api/catalog';
import { ErrorState, ResultsSkeleton } from '../modules/products/components/product-results';
import { Page } from '../ui/page';
import '../modules/products/shopping.css';

export default function CategoriesPage() {
  const categories = useQuery({ queryKey: catalogKeys.categories(), queryFn: fetchCategories });
  return (
    <Page title="Categories">
      <p className="muted">Browse products by category across eBay and AliExpress.</p>
      {categories.isPending ? (
        <ResultsSkeleton count={6} />
      ) : categories.isError ? (
        <ErrorState message={categories.error.message} onRetry={() => void categories.refetch()} />
      ) : (
        <ul className="product-grid" aria-label="Categories">
          {categories.data.categories.map((c) => (
            <li key={c.slug} className="product-card">
              <h2 style={{ fontSize: '1.1rem', margin: 0 }}>
                <Link to={`/category/${encodeURIComponent(c.slug)}`}>{c.name}</Link>
              </h2>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
