import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from './authContext.ts';

export const IDLE_WARNING_MS = 60_000;
/** In the last minute, how often to ask the server again (another tab's activity moves the end). */
const RECHECK_MS = 15_000;

export const idleWarningText = (seconds: number) =>
  `You have been inactive for a while. For your security you will be signed out in ${seconds} second${
    seconds === 1 ? '' : 's'
  }.`;

/**
 * A minute before the server ends an idle session, a banner offers "Stay signed in"; at the end the app
 * asks the server once more (another tab may have been busy) and its 401 signs this tab out.
 */
export function IdleWarning() {
  const { idleEndsAt, checkSession, staySignedIn } = useAuth();
  const [now, setNow] = useState(() => Date.now());
  const lastCheck = useRef(0);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const left = idleEndsAt === null ? Number.POSITIVE_INFINITY : idleEndsAt - now;
  useEffect(() => {
    if (left > IDLE_WARNING_MS || now - lastCheck.current < (left <= 0 ? 2000 : RECHECK_MS)) return;
    lastCheck.current = now;
    void checkSession();
  }, [left, now, checkSession]);

  if (left > IDLE_WARNING_MS) return null;
  return (
    <div className="idle-warning" role="alertdialog" aria-live="assertive" data-testid="idle-warning">
      <span>{idleWarningText(Math.max(0, Math.ceil(left / 1000)))}</span>
      <Button
        type="button"
        size="small"
        label="Stay signed in"
        onClick={() => void staySignedIn()}
        autoFocus
      />
    </div>
  );
}
