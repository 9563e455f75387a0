import * as RadixTooltip from '@radix-ui/react-tooltip';
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { TOOLTIP } from '@pt/domain';

const InGroup = createContext(false);

/**
 * §9 tooltip timings: open after 700 ms of hover or on focus; once one has shown, another of the
 * same group opens at once if the pointer reaches it within 300 ms (skip delay). Wrap a list of
 * tooltips in one group so the skip delay spans them. Not mounted in the app shell: Radix's
 * tooltip brings its popper (~18 KB gzip), which would push the initial JavaScript of / over budget.
 */
export function TooltipGroup({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP.openDelayMs} skipDelayDuration={TOOLTIP.skipDelayMs}>
      <InGroup.Provider value>{children}</InGroup.Provider>
    </RadixTooltip.Provider>
  );
}

/**
 * Names an icon-only button or explains a badge, 8 px from it (§9 offset). `children` must be one
 * element that takes a ref and can be focused (a button; a badge gets tabIndex 0), so keyboard
 * users get the tooltip too. Outside a group it is a group of its own.
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement }) {
  const grouped = useContext(InGroup);
  const tooltip = (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip-content" sideOffset={TOOLTIP.defaultOffset}>
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return grouped ? tooltip : <TooltipGroup>{tooltip}</TooltipGroup>;
}
