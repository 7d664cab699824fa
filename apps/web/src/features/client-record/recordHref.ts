import { CLIENT_TABS as T } from '@pd/contracts';

/** The sections (tabs) of a client's record page, in order; `?section=` in the address names the open one. */
export const RECORD_SECTIONS = [
  'appointments',
  'recalls',
  'products',
  'notes',
  'tasks',
  'invoices',
  'messages',
  'forms',
  'audit',
  'timeline',
] as const;
export type RecordSection = (typeof RECORD_SECTIONS)[number];

export const isRecordSection = (value: unknown): value is RecordSection =>
  typeof value === 'string' && (RECORD_SECTIONS as readonly string[]).includes(value);

/** #/client/{id}: one page per client (issue 13). */
export function recordHref(clientId: number, section?: RecordSection): string {
  return section ? `/client/${clientId}?section=${section}` : `/client/${clientId}`;
}

/** The spec's views of one client (tabs 7, 9, 11 and 27) are sections of its record page. */
export const SECTION_OF_TAB: Partial<Record<number, RecordSection>> = {
  [T.viewProducts]: 'products',
  [T.viewNotes]: 'notes',
  [T.viewTasks]: 'tasks',
  [T.viewAppointments]: 'appointments',
};

const RECORD_PATH = /^\/client\/(\d{1,9})(?:\?|$)/;

/** The client whose record page the path is, if it is one. */
export function recordClientOf(path: string): number | undefined {
  const match = RECORD_PATH.exec(path);
  return match ? Number(match[1]) : undefined;
}

/**
 * Where a panel opened from another page goes back to. Opened from a record page, the spec's return tab
 * (e.g. note screens to View notes) becomes that section of the record page; elsewhere it is the page left.
 */
export function returnPath(returnTo: string, returnTab?: number): string {
  const clientId = recordClientOf(returnTo);
  const section = returnTab === undefined ? undefined : SECTION_OF_TAB[returnTab];
  return clientId !== undefined && section ? recordHref(clientId, section) : returnTo;
}
