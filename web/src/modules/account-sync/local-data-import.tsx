import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../auth/hooks/auth-context';

/**
 * Moves the anonymous wishlists and alerts into the account when someone signs in. The
 * import code loads only then, so it costs the first page nothing.
 */
export function LocalDataImport() {
  const { authenticated, user } = useAuth();
  const queryClient = useQueryClient();
  const userId = authenticated ? user?.id : undefined;
  useEffect(() => {
    if (!userId) return;
    void import('./import-local-data').then((m) => m.importLocalData(userId, queryClient));
  }, [userId, queryClient]);
  return null;
}
