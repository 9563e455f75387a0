import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import { TOOLTIP } from '@pt/domain';

/**
 * §9 tooltips: open delay 700 ms, skip delay 300 ms, offset 8 (Radix's defaults, named here so they
 * stay). Each tooltip brings its own provider, so Radix's tooltip code loads only with the screens
 * that use one instead of with the app shell.
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP.openDelayMs} skipDelayDuration={TOOLTIP.skipDelayMs}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="tooltip-content" sideOffset={TOOLTIP.defaultOffset}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
