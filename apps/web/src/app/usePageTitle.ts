import { useEffect } from 'react';

export const APP_NAME = 'Practice Desk';

/** Each page names itself in the browser tab and for screen readers. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
