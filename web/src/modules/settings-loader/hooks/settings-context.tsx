import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { ApiError, onApiEvent } from '../../../lib/api';
import { fetchPublicSettings, settingsKeys } from '../api/settings';
import { settingsState, type SettingsState } from '../utils/settings-state';

const SettingsContext = createContext<SettingsState | null>(null);

/** Our SSE event name (issue 13: the gateway pushes settings.changed on /api/v1/events). */
export const SETTINGS_CHANGED_EVENT = 'settings.changed';

export function SettingsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.public,
    queryFn: fetchPublicSettings,
    // A missing or refusing endpoint is not worth retrying: the guard waits on this query.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  // §4: reload whenever a change is pushed in real time, and when the API answers "maintenance".
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.public });
    const stop = onApiEvent((event) => event.kind === 'maintenance' && reload());
    if (typeof EventSource === 'undefined') return stop;
    const source = new EventSource('/api/v1/events');
    source.addEventListener(SETTINGS_CHANGED_EVENT, reload);
    source.addEventListener('message', (event: MessageEvent<string>) => {
      if (event.data.includes(SETTINGS_CHANGED_EVENT)) reload();
    });
    // EventSource reconnects by itself (with Last-Event-ID); a reconnect may have missed changes.
    source.addEventListener('open', reload);
    return () => {
      source.close();
      stop();
    };
  }, [queryClient]);

  const state = settingsState({ pending: query.isPending, data: query.data, error: query.error });
  return <SettingsContext.Provider value={state}>{children}</SettingsContext.Provider>;
}

export function useSystemSettings(): SettingsState {
  const ctx = useContext(SettingsContext);
  if (!ctx) throw new Error('useSystemSettings must be used inside SettingsProvider');
  return ctx;
}
