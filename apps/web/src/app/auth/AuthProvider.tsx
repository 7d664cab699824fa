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
  // When the server ends the session for inactivity, on this tab's clock (the server says how long is left).
  const [idleEndsAt, setIdleEndsAt] = useState<number | null>(null);
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
    const current = stateRef.current;
    // A late 401 (a page still loading when the user signed out) must not replace "You have signed out.".
    forget(
      current.status === 'signedIn' ? 'expired' : current.status === 'signedOut' ? current.reason : 'none',
    );
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
      .then(({ userId, companyId, idleSecondsLeft }) => {
        setIdleEndsAt(Date.now() + idleSecondsLeft * 1000);
        return loadSession(queryClient, { userId, companyId });
      })
      .then((session) => {
        if (generation.current === started) setState({ status: 'signedIn', session });
      })
      .catch(() => {
        if (generation.current === started) forget('none');
      });
  }, [queryClient, forget]);

  const signIn = useCallback(
    async (username: string, password: string): Promise<Session> => {
      const { user, idleMinutes } = await api.login({ username, password });
      const started = ++generation.current;
      setIdleEndsAt(Date.now() + idleMinutes * 60_000);
      queryClient.clear();
      try {
        const session = await loadSession(queryClient, { user });
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
      // Not the user's activity: the check must not keep an idle session alive.
      const { userId, idleSecondsLeft } = await api.backgroundPing();
      const user = userId === current.session.user.id ? await api.user(userId) : null;
      if (generation.current !== started) return;
      setIdleEndsAt(Date.now() + idleSecondsLeft * 1000);
      if (user?.active) queryClient.setQueryData(queryKeys.user(user.id), user);
      else expire();
    } catch (error) {
      // A network blip is not a sign-out; an answer from the server refusing the session is.
      if (error instanceof ApiError && error.status > 0 && generation.current === started) expire();
    }
  }, [expire, queryClient]);

  /** "Stay signed in": a request that counts as activity, so the idle timeout starts again. */
  const staySignedIn = useCallback(async () => {
    try {
      const { idleSecondsLeft } = await api.ping();
      setIdleEndsAt(Date.now() + idleSecondsLeft * 1000);
    } catch {
      // A refused session has already been ended by the 401 handler; a network blip leaves things as they are.
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ state, signIn, signOut, checkSession, idleEndsAt, staySignedIn }),
    [state, signIn, signOut, checkSession, idleEndsAt, staySignedIn],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
