import { useEffect } from 'react';
import { toast } from '../ui/toast';
import { onApiEvent } from '../lib/api';
import { loadAuthClient } from '../modules/auth/api/load-auth-client';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** A 401 from the API on a signed-in request (revoked session) signs the user out. */
export function SessionWatch() {
  useEffect(
    () =>
      onApiEvent((event) => {
        if (event.kind !== 'unauthorized') return;
        void loadAuthClient()
          .then(({ authClient }) => authClient.signOut({ scope: 'local' }))
          .then(() => toast.error(SESSION_ENDED_MESSAGE, { id: 'session-ended' }));
      }),
    [],
  );
  return null;
}
