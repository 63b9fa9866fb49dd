import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api';
import type { LoginState } from './session';

/**
 * 'Wyloguj' (`/logout`: this session) or 'Wyloguj wszędzie' (`/logout-everywhere`: all of the person's):
 * what the tab holds is dropped and the login page says what ended.
 */
export function useLogOut(path: '/logout' | '/logout-everywhere', state: LoginState) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call<void>(path, { method: 'POST', body: {} }),
    onSuccess: () => {
      client.clear();
      void navigate('/logowanie', { replace: true, state });
    },
  });
}
