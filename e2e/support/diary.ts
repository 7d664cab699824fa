import { wallClockOf } from '@pd/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import type { ApiClient } from './api.ts';
import { createClient, type MadeClient, signInAs, uniqueWord } from './client-records.ts';

/** The diary's texts (packages/contracts APPOINTMENT_MESSAGES), word for word. */
export const DIARY_MESSAGES = {
  created: 'Created appointment.',
  moved: 'Moved appointment.',
  cancelled: 'Cancelled appointment.',
  arrived: 'Marked appointment as arrived.',
  noShow: 'Marked appointment as no-show.',
  seriesCreated: 'Created appointment series.',
  invoiced: 'Created invoice.',
  clash: 'This time clashes with another appointment.',
};

export interface StoredAppointment {
  id: number;
  clientId: number;
  practitionerId: number;
  roomId: number | null;
  typeId: number;
  startLocal: string;
  endLocal: string;
  notes: string | null;
  status: string;
  cancelReason: string | null;
  allowOverlap: boolean;
  seriesId: number | null;
  invoiceStatus: string;
}

export interface DiarySetup {
  practitioners: { userId: number; displayName: string; username: string; active: 'Y' | 'N' }[];
  types: { id: number; name: string; durationMinutes: number }[];
}

/** The company's practitioners (by name) and appointment types, as the demo seeds them. */
export async function diarySetup(api: ApiClient): Promise<DiarySetup> {
  const id = api.user.companyId;
  const [practitioners, types] = await Promise.all([
    api.request<DiarySetup['practitioners']>('GET', `/api/appointment/practitioners/${id}`),
    api.request<DiarySetup['types']>('GET', `/api/appointment/types/${id}`),
  ]);
  return { practitioners, types };
}

export const practitionerOf = (setup: DiarySetup, username: string) => {
  const found = setup.practitioners.find((p) => p.username === username);
  if (!found) throw new Error(`${username} is no practitioner`);
  return found;
};
export const typeOf = (setup: DiarySetup, name: string) => {
  const found = setup.types.find((t) => t.name === name);
  if (!found) throw new Error(`No type ${name}`);
  return found;
};

/**
 * A diary test file's fixtures, made by a beforeAll hook: the company's practitioners and types and a client
 * of the file's own; `bookFor` books that client with a practitioner through the API.
 */
export function useDiaryFixtures(admin: ApiClient, clientPrefix: string, country: 'ZA' | 'UK' = 'ZA') {
  let setup: DiarySetup | undefined;
  let client: MadeClient | undefined;
  beforeAll(async () => {
    setup = await diarySetup(admin);
    client = await createClient(admin, uniqueWord(clientPrefix), country);
  });
  const ready = () => {
    if (!setup || !client)
      throw new Error('The diary fixtures are made by beforeAll: use them inside a test.');
    return { setup, client };
  };
  return {
    get setup() {
      return ready().setup;
    },
    get client() {
      return ready().client;
    },
    /**
     * A practitioner's day column in the day view: the active practitioners stand by name, as the API lists
     * them (other test files may have added an inactive one).
     */
    column: (username: string) =>
      ready()
        .setup.practitioners.filter((p) => p.active === 'Y')
        .findIndex((p) => p.username === username),
    bookFor: (username: string, start: string, type = 'Follow-up treatment') =>
      book(admin, {
        clientId: ready().client.id,
        practitionerId: practitionerOf(ready().setup, username).userId,
        typeId: typeOf(ready().setup, type).id,
        start,
      }),
  };
}

/** Books through the API (fixture data), at a company wall-clock time such as 2031-03-03T10:00. */
export function book(
  api: ApiClient,
  body: {
    clientId: number;
    practitionerId: number;
    typeId: number;
    start: string;
    end?: string;
    allowOverlap?: boolean;
  },
): Promise<StoredAppointment> {
  return api.request('POST', `/api/appointment/${api.user.companyId}`, body);
}

/**
 * Books `clientId` at the first minute from `fromMinutes` to `toMinutes` from now (the company's wall clock)
 * at which some active practitioner is free: the demo diary is busy in working hours, and a test of the
 * reminder schedule needs a start a few minutes away. Only a clash (409) moves on to the next try.
 */
export async function bookSoon(
  api: ApiClient,
  body: { clientId: number; typeId: number },
  timeZone: string,
  fromMinutes: number,
  toMinutes: number,
): Promise<StoredAppointment> {
  const { practitioners } = await diarySetup(api);
  for (let minutes = fromMinutes; minutes <= toMinutes; minutes++) {
    const { date, time } = wallClockOf(new Date(Date.now() + minutes * 60_000), timeZone);
    for (const p of practitioners.filter((x) => x.active === 'Y')) {
      try {
        return await book(api, { ...body, practitionerId: p.userId, start: `${date}T${time}` });
      } catch (error) {
        if (!String(error).includes('failed: 409')) throw error;
      }
    }
  }
  throw new Error(`No practitioner is free ${fromMinutes}–${toMinutes} minutes from now`);
}

export const appointment = (api: ApiClient, id: number) =>
  api.request<StoredAppointment>('GET', `/api/appointment/${id}`);

/** Every appointment of a day (company wall clock), all statuses. */
export async function dayAppointments(api: ApiClient, day: string): Promise<StoredAppointment[]> {
  const start = new Date(`${day}T00:00:00+02:00`).toISOString();
  const end = new Date(new Date(start).getTime() + 86_400_000).toISOString();
  return api.request('GET', `/api/appointment/diary/${api.user.companyId}?start=${start}&end=${end}`);
}

/** Signs in and opens the diary on a view and day. */
export async function openDiary(page: Page, username: string, view: string, date: string): Promise<void> {
  await signInAs(page, username);
  await showDiary(page, view, date);
}

/** The diary on a view and day, from its address, once its appointments are loaded. */
export async function showDiary(page: Page, view: string, date: string): Promise<void> {
  await page.goto(`/#/commonAppointments?view=${view}&date=${date}`);
  await page.getByTestId('diary').waitFor();
  await page.locator('[data-testid="diary"][aria-busy="false"]').waitFor();
}

export const eventOf = (page: Page, id: number): Locator =>
  page.locator('.rbc-event', { has: page.getByTestId(`appointment-${id}`) });

/** The point of a day column (0-based, as shown) at a wall-clock time HH:mm, in page coordinates. */
export async function slotPoint(
  page: Page,
  column: number,
  time: string,
  intoSlot = 5,
): Promise<{ x: number; y: number }> {
  const box = await page.locator('.rbc-time-content .rbc-day-slot').nth(column).boundingBox();
  if (!box) throw new Error('No day column');
  const [h = 0, m = 0] = time.split(':').map(Number);
  // A few pixels into the quarter hour so the point lies inside that slot.
  return { x: box.x + box.width / 2, y: box.y + ((h * 60 + m) / 1440) * box.height + intoSlot };
}

/** Scrolls the time grid so a time of day is in view. */
export async function scrollTo(page: Page, time: string): Promise<void> {
  const [h = 0] = time.split(':').map(Number);
  await page.locator('.rbc-time-content').evaluate((el, hour) => {
    el.scrollTop = (el.scrollHeight * Math.max(0, hour - 1)) / 24;
  }, h);
}

/** Mouse drag with small steps, as react-big-calendar's drag and drop wants it. */
export async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 6, { steps: 3 });
  await page.waitForTimeout(100);
  const steps = 20;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(
      from.x + ((to.x - from.x) * i) / steps,
      from.y + 6 + ((to.y - from.y - 6) * i) / steps,
    );
    await page.waitForTimeout(15);
  }
  await page.waitForTimeout(100);
  await page.mouse.up();
}

/**
 * Where to grab an event to drag it: its middle (its top and bottom edges resize it), and how far below
 * its top that is, so the drop point can be put that far below the new start.
 */
export async function grabPoint(event: Locator): Promise<{ x: number; y: number; offset: number }> {
  const box = await event.boundingBox();
  if (!box) throw new Error('No event');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, offset: box.height / 2 };
}

/** Drags an event by its middle so that it starts at a time in a day column. */
export async function dragEventTo(page: Page, event: Locator, column: number, time: string): Promise<void> {
  const grab = await grabPoint(event);
  await dragTo(page, grab, await slotPoint(page, column, time, grab.offset));
}

/** Opens an appointment's panel by clicking it in the diary. */
export async function openAppointment(page: Page, id: number): Promise<void> {
  await eventOf(page, id).click();
  await page.getByTestId('appointment-actions').waitFor();
}

/**
 * Picks a client in a client search picker (the booking panel's by default); the picker then names the client's id. Typed as a
 * person types (the search waits for a pause); tried again when a busy machine lets the list close first.
 */
export async function pickClient(
  page: Page,
  client: { id: number; name: string },
  inputId = 'booking-client',
): Promise<void> {
  const input = page.locator(`#${inputId}`);
  const chosen = page.getByText(`Client ${client.id}`);
  const item = page.locator('.p-autocomplete-panel .p-autocomplete-item', { hasText: client.name }).first();
  for (let attempt = 0; attempt < 4 && !(await chosen.isVisible()); attempt++) {
    await input.fill('');
    await input.pressSequentially(client.name, { delay: 20 });
    const shown = await item
      .waitFor({ timeout: 8_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) await item.click();
    await chosen.waitFor({ timeout: 3_000 }).catch(() => {});
  }
  await chosen.waitFor();
}
