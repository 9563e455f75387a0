import { deferredMenu } from '../../../ui/deferred-menu';
import { useRegion } from '../hooks/region-context';

const RegionMenu = deferredMenu(() => import('./region-menu'));

export function RegionSelector() {
  const { region } = useRegion();
  return (
    <RegionMenu label={`Region: ${region.name} (${region.currency})`} testId="region-trigger">
      <span aria-hidden>{region.flag}</span> {region.currency}
    </RegionMenu>
  );
}
