import { Toaster as Sonner } from 'sonner';
import { TOASTS } from '@pt/domain';
import { useTheme } from '../modules/theme/hooks/theme-context';

/**
 * §9 toasts: 3 visible, 4000 ms, width 356 and gap 14 (sonner's defaults), Alt+T. A toast is
 * dismissed by a swipe of sonner's fixed 45 px, not §9's 20: sonner has no setting for it
 * (docs/spec-deviations.md).
 */
export default function SonnerToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme}
      visibleToasts={TOASTS.visible}
      duration={TOASTS.durationMs}
      gap={TOASTS.gap}
      swipeDirections={['right', 'left']}
      hotkey={['altKey', 'KeyT']}
      richColors
      closeButton
    />
  );
}
