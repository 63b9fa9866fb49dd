import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { logoutCall, logoutEverywhereCall } from '#shared/panel-api/session-calls.ts';
import { request } from '../lib/api';
import type { LoginState } from './session';

/**
 * 'Wyloguj' (`/logout`: this session) or 'Wyloguj wszędzie' (`/logout-everywhere`: all of the person's):
 * what the tab holds is dropped and the login page says what ended.
 */
export function useLogOut(call: typeof logoutCall | typeof logoutEverywhereCall, state: LoginState) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => request(call),
    onSuccess: () => {
      client.clear();
      void navigate('/logowanie', { replace: true, state });
    },
  });
}
