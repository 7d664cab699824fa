/** PrimeReact keeps an unnamed native <select> for forms; the labelled combobox is what people use. */
export const HIDDEN_SELECT = { select: { 'aria-hidden': true, 'aria-label': 'Selected value' } };

/** A paginator's page-size dropdown, hidden select and all. */
export const PAGINATOR_PT = { RPPDropdown: HIDDEN_SELECT };

/**
 * A table that scrolls sideways on a phone and may hold nothing to focus: its scroll area takes the focus
 * so keyboard users can scroll it with the arrows (axe: scrollable-region-focusable).
 */
export const scrollingTablePt = (label: string) => ({
  table: { 'aria-label': label },
  wrapper: { tabIndex: 0, role: 'region', 'aria-label': label },
  paginator: PAGINATOR_PT,
});
