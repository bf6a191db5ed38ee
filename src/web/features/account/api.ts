import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { MY_INFO_KEY } from '../../lib/session';

/** PUT auth/change-info?email=&phone= (text answer); refreshes the signed-in user. */
export function useChangeInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (q: { email: string; phone: string }) =>
      api<string>('auth/change-info', { method: 'PUT', auth: true, query: q }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_INFO_KEY }),
  });
}

/** PUT auth/change-password?oldPassword=&newPassword= (text answer). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (q: { oldPassword: string; newPassword: string }) =>
      api<string>('auth/change-password', { method: 'PUT', auth: true, query: q }),
  });
}
