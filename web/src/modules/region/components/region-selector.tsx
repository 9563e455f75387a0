import { deferredMenu } from '../../../ui/deferred-menu';
import { useRegion } from '../hooks/region-context';
import { RegionFlag } from './region-flag';

const RegionMenu = deferredMenu(() => import('./region-menu'));

export function RegionSelector() {
  const { region } = useRegion();
  return (
    <RegionMenu label={`Region: ${region.name} (${region.currency})`} testId="region-trigger">
      <RegionFlag region={region.id} /> {region.currency}
    </RegionMenu>
  );
}
