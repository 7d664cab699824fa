import {
  FORM_REQUEST_SORT_FIELDS,
  type FormRequestListQuery,
  type FormRequestSortField,
  type FormRequestStatus,
} from '@pd/contracts';
import { type DayFilters, useServerList } from '../../lib/useServerList.ts';

export interface FormRequestFilters extends DayFilters {
  status?: FormRequestStatus | undefined;
  formId?: number | undefined;
  clientId?: number | undefined;
}

/** The Forms page's page, sort (newest first) and filters, as the API takes them; a record's list fixes the client. */
export function useFormRequestQuery(timeZone: string, clientId?: number) {
  const list = useServerList<FormRequestFilters, FormRequestSortField>(
    timeZone,
    'created',
    FORM_REQUEST_SORT_FIELDS,
  );
  const query: Partial<FormRequestListQuery> = {
    sortField: list.sort.field,
    sortOrder: list.sortOrder,
    status: list.filters.status,
    formId: list.filters.formId,
    clientId: clientId ?? list.filters.clientId,
    start: list.start,
    end: list.end,
    page: list.paging.page,
    size: list.paging.size as FormRequestListQuery['size'],
  };
  return { ...list, query };
}
