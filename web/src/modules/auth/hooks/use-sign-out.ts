import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { AUTH_SUCCESS_MESSAGES } from '@pt/domain';
import { authClient } from '../api/auth-client';

export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    const { error } = await authClient.signOut();
    if (error) {
      toast.error(error.message);
      return;
    }
    queryClient.clear();
    toast.success(AUTH_SUCCESS_MESSAGES.signedOut);
    void navigate('/');
  };
}
