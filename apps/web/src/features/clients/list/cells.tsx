import type { ClientListRow } from '@pd/contracts';
import { Link } from 'react-router-dom';
import { Coded } from '../../../components/Coded.tsx';
import { STATUS_LABELS } from '../../../components/form/options.ts';
import { recordHref } from '../../client-record/recordHref.ts';
import { CLIENT_TYPE_LABELS } from './columns.ts';

/** Issue 13: the name opens the client's record page. */
export const nameCell = (row: ClientListRow) => <Link to={recordHref(row.id)}>{row.name}</Link>;

export const typeCell = (row: ClientListRow) => (
  <Coded code={row.type} label={CLIENT_TYPE_LABELS[row.type]} kind="type" />
);

export const statusCell = (row: ClientListRow) => (
  <Coded code={row.status} label={(STATUS_LABELS as Record<string, string>)[row.status]} kind="status" />
);

export const textCell = (value: string | number | null) =>
  value === null || value === '' ? <span className="muted">—</span> : value;
