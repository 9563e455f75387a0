import { useEffect, useRef } from 'react';
import { useAuth } from '../../auth/hooks/auth-context';
import { useRegion } from '../../region/hooks/region-context';
import { useAlerts } from '../utils/alerts-store';

/**
 * Mounted once in the app shell: while someone signed out has local alerts, their listings are
 * watched from whatever page is open. Signed-in alerts are the alert-notifier's. The watch code
 * loads only when there is something to watch, so it costs the first page nothing.
 */
export function LocalAlertWatcher() {
  const auth = useAuth();
  const { region } = useRegion();
  const regionRef = useRef(region);
  regionRef.current = region;
  const hasAlerts = useAlerts().length > 0;
  const watching = auth.status !== 'loading' && !auth.authenticated && hasAlerts;
  useEffect(() => {
    if (!watching) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../utils/local-alert-watch').then((m) => {
      if (!cancelled) stop = m.startLocalAlertWatch({ region: () => regionRef.current });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [watching]);
  return null;
}
