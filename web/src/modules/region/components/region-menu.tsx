import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { REGIONS } from '@pt/domain';
import type { MenuProps } from '../../../ui/deferred-menu';
import { useRegion } from '../hooks/region-context';
import { RegionFlag } from './region-flag';

/** §4: the 12 regions with flags and native names; disabled while a change runs. */
export default function RegionMenu({ defaultOpen }: MenuProps) {
  const { region, state, setRegion } = useRegion();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className="btn btn-sm"
        aria-label={`Region: ${region.name} (${region.currency})`}
        disabled={state.changing}
        data-testid="region-trigger"
      >
        <RegionFlag region={region.id} /> {region.currency}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" sideOffset={8} align="end">
          <DropdownMenu.Label className="menu-label">Region</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={region.id} onValueChange={(id) => void setRegion(id)}>
            {REGIONS.map((r) => (
              <DropdownMenu.RadioItem key={r.id} value={r.id} className="menu-item" lang={r.code}>
                <RegionFlag region={r.id} />
                <span>{r.nativeName}</span>
                <span className="muted">({r.currency})</span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
