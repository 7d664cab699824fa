import { useEffect } from 'react';

/**
 * Kiosk mode (a tablet at reception): the page stays on the form. Back is undone and leaving asks first;
 * the page has no links out. Off once the form is submitted.
 */
export function useKioskLock(on: boolean) {
  useEffect(() => {
    if (!on) return;
    const stay = () => history.pushState({ kiosk: true }, '', location.href);
    stay();
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('popstate', stay);
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('popstate', stay);
      window.removeEventListener('beforeunload', warn);
    };
  }, [on]);
}
