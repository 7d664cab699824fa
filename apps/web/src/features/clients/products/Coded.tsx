/** A code with the words that explain it, in the look of the client list's type and status cells. */
export function Coded({ code, label, kind }: { code: string; label: string | undefined; kind: string }) {
  return (
    <span className={`coded coded--${kind} coded--${kind}-${code}`}>
      <span className="coded__code">{code}</span>
      {label && <span className="coded__label">{label}</span>}
    </span>
  );
}

export const PRODUCT_STATUS_LABELS: Record<string, string> = { A: 'Active', I: 'Inactive', P: 'Pending' };

/** Spec section 9: sub-view tables show 100 rows, with page-size options 10, 20, 50 and 100. */
export const SUB_VIEW_ROWS = 100;
export const SUB_VIEW_PAGE_SIZES = [10, 20, 50, 100];
export const SUB_VIEW_PAGINATOR =
  'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport';
/** PrimeReact keeps an unnamed native <select> for forms; the labelled combobox is what people use. */
export const SUB_VIEW_PT_PAGINATOR = {
  RPPDropdown: { select: { 'aria-hidden': true, 'aria-label': 'Selected value' } },
};
