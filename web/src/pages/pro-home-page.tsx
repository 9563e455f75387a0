import { Link } from 'react-router-dom';
import { MARKETPLACE_NAMES } from '@pt/domain';
import { ProWatchTable } from '../modules/pro/components/pro-watch-table';
import { RegionFlag } from '../modules/region/components/region-flag';
import { useRegion } from '../modules/region/hooks/region-context';
import { Page } from '../ui/page';

/** Pro home: a dense dashboard — shortcuts, the region in force and a watch table. */
export default function ProHomePage() {
  const { region } = useRegion();
  return (
    <Page title="Pro home">
      <dl className="stat-grid">
        <div className="stat">
          <dt>Region</dt>
          <dd>
            <RegionFlag region={region.id} /> {region.id.toUpperCase()}
          </dd>
        </div>
        <div className="stat">
          <dt>Currency</dt>
          <dd>{region.currency}</dd>
        </div>
        <div className="stat">
          <dt>Marketplaces</dt>
          <dd>{Object.keys(MARKETPLACE_NAMES).length}</dd>
        </div>
      </dl>
      <h2>Keyboard shortcuts</h2>
      <ul>
        <li>
          <span className="kbd">/</span> focus the Pro search box
        </li>
        <li>
          <span className="kbd">j</span> / <span className="kbd">k</span> move through results,{' '}
          <span className="kbd">Enter</span> opens the selected product
        </li>
        <li>
          <span className="kbd">Alt</span>+<span className="kbd">T</span> focus notifications
        </li>
      </ul>
      <p>
        <Link to="/pro/search" className="btn btn-primary">
          Open Pro search
        </Link>
      </p>
      <h2>Watch list</h2>
      <ProWatchTable />
    </Page>
  );
}
