/** PrimeReact keeps an unnamed native <select> for forms; the labelled combobox is what people use. */
export const HIDDEN_SELECT = { select: { 'aria-hidden': true, 'aria-label': 'Selected value' } };

/** A paginator's page-size dropdown, hidden select and all. */
export const PAGINATOR_PT = { RPPDropdown: HIDDEN_SELECT };
