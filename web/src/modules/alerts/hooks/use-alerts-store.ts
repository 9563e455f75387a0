import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { failureWithAdvice } from '../../../lib/api-error-message';
import { useAuth } from '../../auth/hooks/auth-context';
import {
  ALERT_MESSAGES,
  alertApi,
  findLocalAlert,
  findServerAlert,
  fromLocal,
  fromServer,
  localAlertActions,
  serverAlertActions,
  type AlertActions,
  type AlertEntry,
  type AlertProductInput,
} from '../api/alert-actions';
import { alertKeys } from '../../../lib/query-keys';
import { useAlerts } from '../utils/alerts-store';

export interface AlertsStore extends AlertActions {
  mode: 'local' | 'server';
  status: 'loading' | 'ready' | 'error';
  alerts: AlertEntry[];
  /** Why the account's alerts could not be read (with when to retry), or null. */
  error: string | null;
  findFor(product: AlertProductInput): AlertEntry | undefined;
  retry(): void;
}

/** The price alerts of whoever is using the app: this browser's, or the signed-in account's. */
export function useAlertsStore(): AlertsStore {
  const auth = useAuth();
  const userId = auth.authenticated ? (auth.user?.id ?? null) : null;
  const localAlerts = useAlerts();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: alertKeys.of(userId ?? ''),
    queryFn: () => alertApi().list(),
    enabled: userId !== null,
  });
  const actions = useMemo(
    () => (userId === null ? localAlertActions : serverAlertActions(userId, queryClient)),
    [userId, queryClient],
  );
  const local = useMemo(() => localAlerts.map(fromLocal), [localAlerts]);
  const server = useMemo(() => query.data?.alerts.map(fromServer) ?? [], [query.data]);
  if (auth.status === 'loading')
    return {
      ...actions,
      mode: 'local',
      status: 'loading',
      alerts: [],
      error: null,
      findFor: () => undefined,
      retry: () => {},
    };
  if (userId === null)
    return {
      ...actions,
      mode: 'local',
      status: 'ready',
      alerts: local,
      error: null,
      findFor: (p) => findLocalAlert(local, p),
      retry: () => {},
    };
  return {
    ...actions,
    mode: 'server',
    status: query.data ? 'ready' : query.isError ? 'error' : 'loading',
    alerts: server,
    error: query.isError ? failureWithAdvice(ALERT_MESSAGES.failedToLoad, query.error) : null,
    findFor: (p) => findServerAlert(server, p),
    retry: () => void query.refetch(),
  };
}
