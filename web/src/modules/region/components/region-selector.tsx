import { lazy, Suspense } from 'react';
import { deferredMenu } from '../../../ui/deferred-menu';
import { useRegion } from '../hooks/region-context';

const RegionMenu = deferredMenu(() => import('./region-menu'));
// The twelve flags' drawings are not first-screen code: a box of the flag's size holds its place.
const RegionFlag = lazy(() => import('./region-flag').then((m) => ({ default: m.RegionFlag })));

export function RegionSelector() {
  const { region } = useRegion();
  return (
    <RegionMenu label={`Region: ${region.name} (${region.currency})`} testId="region-trigger">
      <Suspense fallback={<span className="flag" aria-hidden="true" />}>
        <RegionFlag region={region.id} />
      </Suspense>{' '}
      {region.currency}
    </RegionMenu>
  );
}
