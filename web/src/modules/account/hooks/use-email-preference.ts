import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { emailAlertKeys, emailAlertsApi } from '../api/email-alerts';

/** The signed-in user's price-drop email switch, as the alert-notifier keeps it. */
export function useEmailPreference(userId: string | undefined) {
  const queryClient = useQueryClient();
  const key = emailAlertKeys.preferences(userId ?? '');
  const current = useQuery({
    queryKey: key,
    queryFn: emailAlertsApi.preferences,
    enabled: userId !== undefined,
  });
  const save = useMutation({
    mutationFn: (notifications: boolean) => emailAlertsApi.setPreferences({ notifications }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toast.success(saved.notifications ? 'Price-drop emails on' : 'Price-drop emails off');
    },
    onError: (error) => toast.error(error.message),
  });
  return {
    enabled: userId === undefined ? undefined : current.data?.notifications,
    failed: current.isError,
    saving: save.isPending,
    set(on: boolean, then: () => void) {
      save.mutate(on, { onSuccess: then });
    },
  };
}
