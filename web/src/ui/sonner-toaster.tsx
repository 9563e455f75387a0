import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOASTS } from '@pt/domain';

/** sonner's colour variables, pointed at the tokens so toasts follow the theme and its contrast. */
const TOKEN_COLOURS = {
  '--normal-bg': 'var(--bg-raised)',
  '--normal-border': 'var(--border-strong)',
  '--normal-text': 'var(--fg)',
  '--success-bg': 'var(--success-bg)',
  '--success-border': 'var(--success)',
  '--success-text': 'var(--success)',
  '--error-bg': 'var(--danger-bg)',
  '--error-border': 'var(--danger)',
  '--error-text': 'var(--danger)',
  '--warning-bg': 'var(--warning-bg)',
  '--warning-border': 'var(--warning)',
  '--warning-text': 'var(--warning)',
  '--info-bg': 'var(--accent-soft)',
  '--info-border': 'var(--accent)',
  '--info-text': 'var(--fg)',
  '--border-radius': 'var(--radius-lg)',
} as CSSProperties;

/**
 * §9 toasts: 3 visible, 4000 ms, width 356 and gap 14 (sonner's defaults), Alt+T. A toast is
 * dismissed by a swipe of sonner's fixed 45 px, not §9's 20: sonner has no setting for it
 * (docs/spec-deviations.md).
 */
export default function SonnerToaster({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <Sonner
      theme={theme}
      visibleToasts={TOASTS.visible}
      duration={TOASTS.durationMs}
      gap={TOASTS.gap}
      swipeDirections={['right', 'left']}
      hotkey={['altKey', 'KeyT']}
      richColors
      style={TOKEN_COLOURS}
      closeButton
    />
  );
}
