import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { NotificationPreferences, UpdateNotificationPreferences } from '@pt/contracts';
import { emailAlertKeys, emailAlertsApi } from '../api/email-alerts';

/** The browser's IANA zone: where a digest hour picked on this screen is meant. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const savedMessage = (change: UpdateNotificationPreferences, saved: NotificationPreferences): string => {
  if (change.notifications !== undefined)
    return saved.notifications ? 'Price-drop emails on' : 'Price-drop emails off';
  return saved.delivery === 'digest'
    ? `Daily digest at ${String(saved.digestHour).padStart(2, '0')}:00`
    : 'Instant emails';
};

/** The signed-in user's price-drop email switch and delivery, as the alert-notifier keeps them. */
export function useEmailPreference(userId: string | undefined) {
  const queryClient = useQueryClient();
  const key = emailAlertKeys.preferences(userId ?? '');
  const current = useQuery({
    queryKey: key,
    queryFn: emailAlertsApi.preferences,
    enabled: userId !== undefined,
  });
  const save = useMutation({
    mutationFn: (change: UpdateNotificationPreferences) => emailAlertsApi.setPreferences(change),
    onSuccess: (saved, change) => {
      queryClient.setQueryData(key, saved);
      toast.success(savedMessage(change, saved));
    },
    onError: (error) => toast.error(error.message),
  });
  return {
    enabled: userId === undefined ? undefined : current.data?.notifications,
    preferences: userId === undefined ? undefined : current.data,
    failed: current.isError,
    saving: save.isPending,
    set(on: boolean, then: () => void) {
      save.mutate({ notifications: on }, { onSuccess: then });
    },
    /** Instant or digest, or another hour; the hour is meant in this browser's zone. */
    setDelivery(change: Pick<UpdateNotificationPreferences, 'delivery' | 'digestHour'>) {
      save.mutate({ ...change, timeZone: browserTimeZone() });
    },
  };
}
