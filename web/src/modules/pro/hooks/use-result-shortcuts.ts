import { useEffect, useRef, useState } from 'react';

/**
 * The Pro results' keys, except while typing in a field: / focuses the search box, j and k move the
 * selected row, Enter opens it.
 */
export function useResultShortcuts(count: number, open: (index: number) => void) {
  const input = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
      if (e.key === '/' && !typing) {
        e.preventDefault();
        input.current?.focus();
      } else if (!typing && e.key === 'j') setSelected((s) => Math.min(s + 1, Math.max(count - 1, 0)));
      else if (!typing && e.key === 'k') setSelected((s) => Math.max(s - 1, 0));
      else if (!typing && e.key === 'Enter' && selected < count) open(selected);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, selected, open]);
  return { input, selected, setSelected };
}
