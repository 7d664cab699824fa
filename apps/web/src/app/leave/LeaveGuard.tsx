import { ConfirmDialog } from 'primereact/confirmdialog';
import { useEffect } from 'react';
import { useBlocker, useNavigate } from 'react-router-dom';
import { hasUnsavedChanges } from './unsavedForms.ts';

export const LEAVE_TITLE = 'Leave this page?';
export const LEAVE_MESSAGE = 'The changes you made on this page are not saved. If you leave, they are lost.';

/** An in-app link (the menu, the brand, Settings) as a router navigation, so the blocker can ask first. */
function inAppLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href^="#/"]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return null;
  return link.getAttribute('href')?.slice(1) ?? null;
}

/**
 * Asks before a navigation would lose a form's unsaved changes (every useContractForm form takes part), and
 * lets the browser ask before the tab is closed or reloaded.
 */
export function LeaveGuard() {
  const navigate = useNavigate();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      hasUnsavedChanges(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    // Plain hash links change the address without the router, which cannot block that: route them through it.
    const onClick = (event: MouseEvent) => {
      if (!hasUnsavedChanges()) return;
      const to = inAppLink(event);
      if (to === null) return;
      event.preventDefault();
      navigate(to);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [navigate]);

  return (
    <ConfirmDialog
      visible={blocker.state === 'blocked'}
      // After Leave page the navigation is under way; only Escape or the close icon means stay.
      onHide={(result) => {
        if (result !== 'accept') blocker.reset?.();
      }}
      header={LEAVE_TITLE}
      message={LEAVE_MESSAGE}
      icon="pi pi-exclamation-triangle"
      acceptLabel="Leave page"
      rejectLabel="Stay on this page"
      acceptClassName="p-button-danger"
      defaultFocus="reject"
      accept={() => blocker.proceed?.()}
      reject={() => blocker.reset?.()}
    />
  );
}
