/**
 * Escape in an open list (a dropdown, the client search's suggestions, a multi-select) closes the list and
 * nothing else. PrimeReact's lists close themselves but do not claim the key, so the dialog around them
 * closed too and what had been typed in it was lost. The capture listener notes, before the list reacts,
 * whether a list was open; the document listener, added before any dialog's, then keeps the key from the
 * dialogs.
 */
const LIST_PANEL = '.p-dropdown-panel, .p-multiselect-panel, .p-autocomplete-panel';

export function installEscapeGuard(doc: Document = document): void {
  let inOpenList = false;
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape') return;
      // An open list's panel is in the page (PrimeReact puts it at the end of <body>) until it closes.
      inOpenList =
        doc.querySelector(LIST_PANEL) !== null ||
        (event.target instanceof Element && event.target.closest('[aria-expanded="true"]') !== null);
    },
    true,
  );
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && inOpenList) event.stopImmediatePropagation();
    inOpenList = false;
  });
}
