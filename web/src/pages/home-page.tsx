import { HomeSections } from '../modules/discovery/components/home-sections';
import { useRegion } from '../modules/region/hooks/region-context';
import { SearchForm } from '../modules/search/components/search-form';
import { Page } from '../ui/page';

/**
 * The shopper's home: search is the hero (a full-width box suggesting recent searches), then what
 * is worth a look (recently viewed, deals, trending, categories, new arrivals). No service health
 * here: an outage is said where it matters (a failed search or list, the maintenance screen, the
 * admins' banner); see web/README.md "Decisions".
 */
export default function HomePage() {
  const { region } = useRegion();
  return (
    <Page title="Compare prices across marketplaces" documentTitle="Price Tracker" className="home-page">
      <div className="search-hero">
        <SearchForm id="home-q" hero />
        <p className="muted">
          Search eBay and AliExpress, keep wishlists, watch price history and get an email when a price drops.
          Prices in {region.currency} for {region.name}.
        </p>
      </div>
      <HomeSections />
    </Page>
  );
}
