import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { isFeatureEnabled, type FeatureFlag } from '@pt/domain';
import { ApiError, onApiEvent } from '../../../lib/api';
import { fetchPublicSettings, settingsKeys } from '../api/settings';
import { settingsState, type SettingsState } from '../utils/settings-state';

const SettingsContext = createContext<SettingsState | null>(null);

/** Our SSE event name (the gateway pushes settings.changed on /api/v1/events). */
export const SETTINGS_CHANGED_EVENT = 'settings.changed';

export function SettingsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.public,
    queryFn: fetchPublicSettings,
    // A missing or refusing endpoint is not worth retrying: the guard waits on this query.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  // maintenance_mode is not a public setting, so the public map never carries it: the pushed
  // value (the stream includes it) and a "maintenance" answer from the API are what tell.
  const [pushed, setPushed] = useState<Record<string, unknown>>({});

  // §4: reload whenever a change is pushed in real time, and when the API answers "maintenance".
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.public });
    const stop = onApiEvent((event) => {
      if (event.kind !== 'maintenance') return;
      setPushed((current) => ({ ...current, maintenance_mode: true }));
      reload();
    });
    if (typeof EventSource === 'undefined') return stop;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let waitMs = STREAM_RETRY_FIRST_MS;
    const connect = () => {
      const stream = new EventSource('/api/v1/events');
      source = stream;
      stream.addEventListener(SETTINGS_CHANGED_EVENT, (event: MessageEvent<string>) => {
        const change = pushedValue(event.data);
        if (change) setPushed((current) => ({ ...current, [change.key]: change.value }));
        reload();
      });
      stream.addEventListener('message', (event: MessageEvent<string>) => {
        if (event.data.includes(SETTINGS_CHANGED_EVENT)) reload();
      });
      // EventSource reconnects by itself (with Last-Event-ID); a reconnect may have missed changes.
      stream.addEventListener('open', () => {
        waitMs = STREAM_RETRY_FIRST_MS;
        reload();
      });
      // It gives up for good on an answer other than a stream (429 over the per-client cap, 503):
      // try again later, waiting longer each time, so the tab follows changes once it is let in.
      stream.addEventListener('error', () => {
        if (stream.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, waitMs);
        waitMs = Math.min(waitMs * 2, STREAM_RETRY_MAX_MS);
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
      stop();
    };
  }, [queryClient]);

  const data = query.data ? { ...query.data, ...pushed } : undefined;
  const state = settingsState({ pending: query.isPending, data, error: query.error });
  return <SettingsContext.Provider value={state}>{children}</SettingsContext.Provider>;
}

/** First and longest wait before opening the settings stream again after it was refused. */
const STREAM_RETRY_FIRST_MS = 30_000;
const STREAM_RETRY_MAX_MS = 5 * 60_000;

/** `{key, value}` of a settings.changed event that carries its value, else undefined. */
function pushedValue(data: string): { key: string; value: unknown } | undefined {
  try {
    const parsed = JSON.parse(data) as { key?: unknown; value?: unknown };
    return typeof parsed.key === 'string' && 'value' in parsed
      ? { key: parsed.key, value: parsed.value }
      : undefined;
  } catch {
    return undefined;
  }
}

export function useSystemSettings(): SettingsState {
  const ctx = useContext(SettingsContext);
  if (!ctx) throw new Error('useSystemSettings must be used inside SettingsProvider');
  return ctx;
}

/** Whether a feature flag (public feature_flags setting) leaves its screen on; follows live changes. */
export function useFeatureEnabled(flag: FeatureFlag): boolean {
  return isFeatureEnabled(useSystemSettings().settings.featureFlags, flag);
}
