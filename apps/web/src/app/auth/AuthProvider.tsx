import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, setUnauthorizedHandler } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { clearAppStorage } from '../storage.ts';
import { AuthContext, type AuthContextValue } from './authContext.ts';
import { type AuthState, loadSession, type Session } from './session.ts';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'checking' });
  const stateRef = useRef(state);
  stateRef.current = state;
  // Bumped on every sign-in and sign-out, so a late answer for an older session is ignored.
  const generation = useRef(0);

  const forget = useCallback(
    (reason: 'none' | 'signedOut' | 'expired') => {
      generation.current += 1;
      void queryClient.cancelQueries();
      queryClient.clear();
      clearAppStorage();
      setState({ status: 'signedOut', reason });
    },
    [queryClient],
  );

  const expire = useCallback(() => {
    forget(stateRef.current.status === 'signedIn' ? 'expired' : 'none');
  }, [forget]);

  useEffect(() => {
    setUnauthorizedHandler(expire);
    return () => setUnauthorizedHandler(() => {});
  }, [expire]);

  // On load and reload: an existing cookie session is honoured only if ping and the user lookup both succeed.
  useEffect(() => {
    const started = generation.current;
    api
      .ping()
      .then(({ userId }) => loadSession(queryClient, userId))
      .then((session) => {
        if (generation.current === started) setState({ status: 'signedIn', session });
      })
      .catch(() => {
        if (generation.current === started) forget('none');
      });
  }, [queryClient, forget]);

  const signIn = useCallback(
    async (username: string, password: string): Promise<Session> => {
      const { user } = await api.login({ username, password });
      const started = ++generation.current;
      queryClient.clear();
      try {
        const session = await loadSession(queryClient, user.id);
        if (generation.current === started) setState({ status: 'signedIn', session });
        return session;
      } catch (error) {
        // Signed in but unusable (e.g. the lookup failed): do not leave a live session behind.
        void api.logout().catch(() => {});
        forget('none');
        throw error;
      }
    },
    [queryClient, forget],
  );

  const signOut = useCallback(async () => {
    try {
      await api.logout();
    } catch {
      // The local sign-out below happens whatever the server said.
    }
    forget('signedOut');
  }, [forget]);

  /** Periodic and on-navigation check: a revoked session, another user, or an inactive account ends it. */
  const checkSession = useCallback(async () => {
    const current = stateRef.current;
    if (current.status !== 'signedIn') return;
    const started = generation.current;
    try {
      const { userId } = await api.ping();
      const user = userId === current.session.user.id ? await api.user(userId) : null;
      if (generation.current !== started) return;
      if (user?.active) queryClient.setQueryData(queryKeys.user(user.id), user);
      else expire();
    } catch (error) {
      // A network blip is not a sign-out; an answer from the server refusing the session is.
      if (error instanceof ApiError && error.status > 0 && generation.current === started) expire();
    }
  }, [expire, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ state, signIn, signOut, checkSession }),
    [state, signIn, signOut, checkSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
