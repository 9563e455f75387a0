import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlertFeedResponse } from '@pt/contracts';
import { alertFeedApi, alertFeedKeys } from '../api/alert-feed';

/**
 * The private feed's state for one signed-in user. `url` is known only in the session that
 * created it (the server cannot show it again); after a reload the feed is on but its URL hidden.
 */
export function useAlertFeed(userId: string) {
  const queryClient = useQueryClient();
  const key = alertFeedKeys.of(userId);
  const current = useQuery({ queryKey: key, queryFn: alertFeedApi.current });
  const [url, setUrl] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: alertFeedApi.create,
    onSuccess: (saved: AlertFeedResponse) => {
      setUrl(saved.feed?.url);
      queryClient.setQueryData(key, saved);
    },
  });
  const turnOff = useMutation({
    mutationFn: alertFeedApi.turnOff,
    onSuccess: () => {
      setUrl(undefined);
      queryClient.setQueryData<AlertFeedResponse>(key, { feed: null });
    },
  });
  return {
    status: current.isPending ? 'loading' : current.isError ? 'error' : 'ready',
    on: current.data?.feed != null,
    url,
    busy: create.isPending || turnOff.isPending,
    retry: () => void current.refetch(),
    create: () => create.mutateAsync(),
    turnOff: () => turnOff.mutateAsync(),
  } as const;
}
