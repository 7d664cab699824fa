import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from './api.ts';
import { openSettings, signInAs } from './settings.ts';

// Written out (not imported from the contracts) so a wrong catalogue entry fails here.
export const DIARY_TOASTS = {
  roomCreated: 'Created room.',
  roomUpdated: 'Updated room.',
  roomDeleted: 'Deleted room.',
  typeCreated: 'Created appointment type.',
  typeUpdated: 'Updated appointment type.',
  typeDeleted: 'Deleted appointment type.',
  practitionerUpdated: 'Updated practitioner.',
  hoursUpdated: 'Updated working hours.',
  exceptionCreated: 'Created availability exception.',
  exceptionDeleted: 'Deleted availability exception.',
  feedCreated: 'Created calendar feed. Copy the address now: it is shown only once.',
  feedRevoked: 'Revoked calendar feed.',
} as const;

/** The Settings tabs of the diary, and the region (named by its heading) each one shows. */
export const DIARY_TABS = {
  practitioners: ['Practitioners', 'Practitioners'],
  availability: ['Availability', 'Availability exceptions'],
  rooms: ['Rooms', 'Rooms'],
  types: ['Appointment types', 'Appointment types'],
  feed: ['My calendar feed', 'My calendar feed'],
} as const;
export type DiaryTab = keyof typeof DIARY_TABS;

/** Chooses a diary tab and waits until its list has loaded; answers its region. */
export async function openDiaryTab(page: Page, tab: DiaryTab): Promise<Locator> {
  const [label, region] = DIARY_TABS[tab];
  // The tab's name starts with its icon's glyph (CSS content), so not `exact`.
  await page.getByRole('tab', { name: new RegExp(`${label}$`) }).click();
  const list = page.getByRole('region', { name: region, exact: true });
  await list.waitFor();
  await list.getByText(/Please wait/).waitFor({ state: 'hidden' });
  return list;
}

export async function startDiarySettings(page: Page, username: string): Promise<void> {
  await signInAs(page, username);
  await openSettings(page);
}

export interface StoredRoom {
  id: number;
  name: string;
  description: string | null;
  active: string;
}
export interface StoredType {
  id: number;
  name: string;
  durationMinutes: number;
  minMinutes: number;
  maxMinutes: number;
  colour: string;
  bufferAfterMinutes: number;
  productId: number | null;
  billingPlanId: number | null;
  tariffCode: string | null;
  noShowFeeCents: number | null;
  lateCancelFeeCents: number | null;
  practitionerIds: number[];
  active: string;
}
export interface StoredPractitioner {
  userId: number;
  displayName: string;
  active: string;
  colour: string;
  practiceNumber: string | null;
  registrationNumber: string | null;
  hours: { weekday: number; start: string; end: string }[];
}
export interface StoredException {
  id: number;
  practitionerId: number | null;
  kind: string;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  note: string | null;
}

const company = (api: ApiClient) => api.user.companyId;
export const rooms = (api: ApiClient) =>
  api.request<StoredRoom[]>('GET', `/api/appointment/rooms/${company(api)}`);
export const types = (api: ApiClient) =>
  api.request<StoredType[]>('GET', `/api/appointment/types/${company(api)}`);
export const practitioners = (api: ApiClient) =>
  api.request<StoredPractitioner[]>('GET', `/api/appointment/practitioners/${company(api)}`);
export const exceptions = (api: ApiClient) =>
  api.request<StoredException[]>('GET', `/api/appointment/exceptions/${company(api)}`);
