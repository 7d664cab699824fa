import { CLIENT_ALL_COLUMNS, CLIENT_DEFAULT_COLUMNS, type ClientColumn } from '@pd/contracts';

export const COLUMN_LABELS: Record<ClientColumn, string> = {
  name: 'Name',
  firstName: 'First name',
  preferredName: 'Preferred name',
  lastName: 'Last name',
  email: 'E-mail',
  mobile: 'Mobile',
  type: 'Type',
  status: 'Status',
  companyId: 'Company ID',
  id: 'ID',
  category: 'Category',
};

/** Codes stay visible (column filters match them); the words say what they mean. */
export const CLIENT_TYPE_LABELS: Record<string, string> = { N: 'Natural person', J: 'Juristic person' };

/** Hints in the filter boxes: what a "starts with" filter on that column expects. */
export const FILTER_HINTS: Partial<Record<ClientColumn, string>> = {
  type: 'N or J',
  status: 'A, I or P',
  id: 'Starts with…',
  companyId: 'Starts with…',
};

export const COLUMN_OPTIONS = CLIENT_ALL_COLUMNS.map((column) => ({
  value: column,
  label: COLUMN_LABELS[column],
}));

export const DEFAULT_COLUMNS: ClientColumn[] = [...CLIENT_DEFAULT_COLUMNS];

export const isClientColumn = (value: unknown): value is ClientColumn =>
  typeof value === 'string' && (CLIENT_ALL_COLUMNS as readonly string[]).includes(value);

/** Chosen columns in the order of the full list, whatever order they were picked in. */
export const inListOrder = (columns: readonly ClientColumn[]): ClientColumn[] =>
  CLIENT_ALL_COLUMNS.filter((column) => columns.includes(column));
