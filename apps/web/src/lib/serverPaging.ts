import type { DataTablePageEvent } from 'primereact/datatable';

export const SERVER_PAGE_SIZES = [10, 20, 50, 100];

/** Every paged table looks alike: first and last links, page links, page size and "1–20 of 345". */
export const PAGINATOR_TEMPLATE =
  'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport';
export const PAGE_REPORT_TEMPLATE = '{first}–{last} of {totalRecords}';

/**
 * The paginator props of a table paged by the server (1-based page, size), in the look of the other
 * lists: first and last links, page links, page size and "1–20 of 345". An empty list has no pages: no
 * paginator (a disabled one would only be noise).
 */
export function serverPaging(
  page: number,
  size: number,
  total: number,
  onPage: (page: number, size: number) => void,
) {
  return {
    lazy: true as const,
    paginator: total > 0,
    first: (page - 1) * size,
    rows: size,
    totalRecords: total,
    rowsPerPageOptions: SERVER_PAGE_SIZES,
    onPage: (e: DataTablePageEvent) => onPage(Math.floor(e.first / e.rows) + 1, e.rows),
    paginatorTemplate: PAGINATOR_TEMPLATE,
    currentPageReportTemplate: PAGE_REPORT_TEMPLATE,
  };
}
