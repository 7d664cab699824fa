import { type RefObject, useEffect } from 'react';

/**
 * Keeps --pd-header-height on <html> equal to the sticky header's height (it grows with the idle warning
 * and when it wraps), so scroll-padding keeps scrolled-to headings and fields out from under it.
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const sticky = getComputedStyle(element).position === 'sticky';
      root.style.setProperty('--pd-header-height', `${sticky ? element.offsetHeight : 0}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--pd-header-height');
    };
  }, [header]);
}
