import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRIES, QUERY_STALE_TIME_MS } from '@pt/domain';

/** §7, §9: queries stay fresh for 5 minutes and are retried twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: QUERY_STALE_TIME_MS, retry: QUERY_RETRIES } },
  });
}
