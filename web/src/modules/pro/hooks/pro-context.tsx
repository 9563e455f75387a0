import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProModeAction } from '@pt/domain';
import { applyProAction, PRO_TRANSITION_MS, readProMode } from '../utils/pro-mode';

interface ProContextValue {
  isPro: boolean;
  /** §4: true for 300 ms after each change (screens may animate on it). */
  transitioning: boolean;
  dispatch(action: ProModeAction): void;
}

const ProContext = createContext<ProContextValue | null>(null);

export function ProModeProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [isPro, setIsPro] = useState(readProMode);
  const [transitioning, setTransitioning] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const isProRef = useRef(isPro);
  isProRef.current = isPro;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const dispatch = useCallback(
    (action: ProModeAction) => {
      const result = applyProAction(isProRef.current, action);
      setIsPro(result.isPro);
      setTransitioning(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setTransitioning(false), PRO_TRANSITION_MS);
      if (result.navigateTo) void navigate(result.navigateTo);
    },
    [navigate],
  );

  const value = useMemo(() => ({ isPro, transitioning, dispatch }), [isPro, transitioning, dispatch]);
  return <ProContext.Provider value={value}>{children}</ProContext.Provider>;
}

export function useProMode(): ProContextValue {
  const ctx = useContext(ProContext);
  if (!ctx) throw new Error('useProMode must be used inside ProModeProvider');
  return ctx;
}
