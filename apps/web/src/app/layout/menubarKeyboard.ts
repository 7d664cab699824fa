import type { SyntheticEvent } from 'react';

/**
 * PrimeReact 10.9's Menubar focuses no entry when it receives focus (it only looks for a "selected"
 * entry), so the arrow keys do nothing. A Home key press on the list puts focus on the first entry.
 */
export function focusFirstMenuEntry(event: SyntheticEvent): void {
  const list = event.target;
  if (!(list instanceof HTMLElement) || list.getAttribute('role') !== 'menubar') return;
  if (list.getAttribute('aria-activedescendant')) return;
  window.setTimeout(() => {
    if (document.activeElement !== list || list.getAttribute('aria-activedescendant')) return;
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', code: 'Home', bubbles: true }));
  }, 0);
}
