import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { pickOption, toastWith } from './support/client-records.ts';
import {
  DIARY_MESSAGES,
  eventOf,
  openDiary,
  pickClient,
  type StoredAppointment,
  scrollTo,
  slotPoint,
  useDiaryFixtures,
} from './support/diary.ts';

/**
 * A London company's diary (Europe/London, spec section 9) around the clock changes of 2031 (Sunday 30 March
 * and Sunday 26 October): 09:00 on the wall clock is 08:00 UTC in summer (BST) and 09:00 UTC in winter
 * (GMT), on the change days too.
 */
const suite = useBrowserSuite();
const [ukAdmin] = signedIn('uk.admin');
const diary = useDiaryFixtures(ukAdmin, 'London', 'UK');

const CASES = [
  { season: 'after the October change (GMT)', date: '2031-10-27', utc: '2031-10-27T09:00:00.000Z' },
  { season: 'in summer (BST)', date: '2031-07-14', utc: '2031-07-14T08:00:00.000Z' },
  { season: 'on the October change day', date: '2031-10-26', utc: '2031-10-26T09:00:00.000Z' },
  { season: 'on the March change day', date: '2031-03-30', utc: '2031-03-30T08:00:00.000Z' },
];

describe('the diary of a London company (uk.admin)', () => {
  for (const { season, date, utc } of CASES) {
    it(`a booking at 09:00 ${season} is stored as ${utc.slice(11, 16)} UTC and shown at 09:00`, async () => {
      // The receptionist's machine keeps London time too (the diary shows the company's wall clock anyway).
      const { page } = await suite.open({ timezoneId: 'Europe/London' });
      await openDiary(page, 'uk.admin', 'day', date);
      await scrollTo(page, '09:00');
      const point = await slotPoint(page, diary.column('uk.admin'), '09:00');
      await page.mouse.click(point.x, point.y);
      await page.getByRole('dialog', { name: 'New appointment' }).waitFor();
      expect(await page.locator('#booking-start').inputValue()).toContain(`${date} 09:00`);
      await pickClient(page, diary.client);
      await pickOption(page, 'booking-typeId', 'Video catch-up');
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      expect(await toastWith(page, DIARY_MESSAGES.created)).toBe('Successful');

      const mine = await ukAdmin.request<(StoredAppointment & { start: string; timeZone: string })[]>(
        'GET',
        `/api/appointment/client/${diary.client.id}`,
      );
      const made = mine.find((a) => a.startLocal === `${date}T09:00`);
      if (!made) throw new Error(`No appointment at ${date} 09:00`);
      expect(new Date(made.start).toISOString()).toBe(utc);
      expect(made).toMatchObject({ timeZone: 'Europe/London', endLocal: `${date}T09:30` });
      // The diary, loaded afresh from the API, shows the wall-clock time.
      await page.reload();
      await page.locator('[data-testid="diary"][aria-busy="false"]').waitFor();
      await scrollTo(page, '09:00');
      expect(await visibleText(eventOf(page, made.id))).toContain('09:00–09:30');
    });
  }
});
