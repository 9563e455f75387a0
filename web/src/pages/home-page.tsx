import { HomeSections } from '../modules/discovery/home-sections';
import { useRegion } from '../modules/region/hooks/region-context';
import { Page } from '../ui/page';

/**
 * The shopper's home: what to search and what is worth a look (deals, trending, categories, new
 * arrivals, recently viewed). No service health here: an outage is said where it matters (a failed
 * search or list, the maintenance screen, the admins' banner); see web/README.md "Decisions".
 */
export default function HomePage() {
  const { region } = useRegion();
  return (
    <Page title="Compare prices across marketplaces" documentTitle="Price Tracker">
      <p>
        Search eBay and AliExpress, keep wishlists, watch price history and get an email when a price drops.
        Prices in {region.currency} for {region.name}.
      </p>
      <HomeSections />
    </Page>
  );
}
