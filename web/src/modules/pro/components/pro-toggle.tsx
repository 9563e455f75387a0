import { useLocation } from 'react-router-dom';
import { DeferredSwitch as Switch } from '../../../ui/deferred-switch';
import { useProMode } from '../hooks/pro-context';
import { productIdFromPath } from '../utils/pro-mode';

/**
 * The header's Pro Mode switch. On a product page it enters or leaves Pro for that product (§2
 * rules 1 and 2); elsewhere it is the plain toggle: on → /pro/search, off → / (rules 3 and 4).
 * It is disabled during the 300 ms transition of the last change (and says so to assistive
 * technology): a double click would otherwise send the shopper to a screen and straight back.
 */
export function ProToggle() {
  const { isPro, transitioning, dispatch } = useProMode();
  const { pathname } = useLocation();
  const productId = productIdFromPath(pathname);
  return (
    <Switch
      label="Pro Mode"
      checked={isPro}
      disabled={transitioning}
      onCheckedChange={(on) => {
        if (productId) dispatch({ type: on ? 'enter' : 'leave', productId });
        else if (on === isPro) return;
        else dispatch({ type: 'toggle', redirect: true });
      }}
    />
  );
}
