import { useQuery } from '@tanstack/react-query';
import { HomeSections } from '../modules/discovery/home-sections';
import { SampleProductList } from '../modules/products/components/sample-product-list';
import { useRegion } from '../modules/region/hooks/region-context';
import { Page } from '../ui/page';

interface Health {
  status: string;
}

async function fetchHealth(): Promise<Health> {
  const res = await fetch('/healthz');
  if (!res.ok) throw new Error(`Health check answered ${res.status}`);
  return (await res.json()) as Health;
}

export default function HomePage() {
  const health = useQuery({ queryKey: ['health'], queryFn: fetchHealth });
  const { region } = useRegion();
  return (
    <Page title="Compare prices across marketplaces" documentTitle="Price Tracker">
      <p>
        Search eBay and AliExpress, keep wishlists, watch price history and get an email when a price drops.
      </p>
      <p role="status" data-testid="service-status">
        {health.isPending ? 'Checking service…' : health.isError ? 'Service unavailable' : 'Service online'}
      </p>
      <HomeSections />
      <h2>Featured</h2>
      <p className="muted">
        Prices in {region.currency} for {region.name}.
      </p>
      <SampleProductList />
    </Page>
  );
}
