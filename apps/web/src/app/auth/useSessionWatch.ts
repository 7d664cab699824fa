import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth } from './authContext.ts';

export const SESSION_CHECK_INTERVAL_MS = 60_000;

/** Re-checks the session every minute, when the window regains focus and on every navigation. */
export function useSessionWatch(): void {
  const { checkSession } = useAuth();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger itself
  useEffect(() => {
    void checkSession();
  }, [pathname, checkSession]);

  useEffect(() => {
    const check = () => void checkSession();
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [checkSession]);
}
