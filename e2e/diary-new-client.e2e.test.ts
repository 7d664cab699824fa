import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { field, getClient, REQUIRED, searchClients, selectOption } from './support/client-forms.ts';
import { dropdownOf, pickOption, screenshot, toastWith, uniqueWord } from './support/client-records.ts';
import {
  DIARY_MESSAGES,
  dayAppointments,
  openDiary,
  practitionerOf,
  scrollTo,
  slotPoint,
  typeOf,
  useDiaryFixtures,
} from './support/diary.ts';

/** A first-time client booked in place: the booking panel's New client (issue 15), on a Monday of 2031. */
const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');
const diary = useDiaryFixtures(zaAdmin, 'Walkin');

describe('the diary: a new client from the booking panel', () => {
  it('creates the client over the panel, chooses them, keeps the booking as filled in, and books', async () => {
    const lastName = uniqueWord('Newcomer');
    // Another client's appointment that day: an empty time grid has nothing to focus (axe's
    // scrollable-region-focusable), which is the diary's, not this dialog's.
    const other = await diary.bookFor('za.learn', '2031-08-18T09:00');
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-08-18');
    await scrollTo(page, '10:00');
    const slot = await slotPoint(page, diary.column('za.evolve'), '10:00');
    await page.mouse.click(slot.x, slot.y);
    const booking = page.getByRole('dialog', { name: 'New appointment' });
    await booking.waitFor();

    // The receptionist fills the booking in, searches for the client and finds nobody.
    await pickOption(page, 'booking-typeId', 'Follow-up treatment');
    await page.locator('#booking-notes').click();
    await page.keyboard.type('Referred by the clinic nurse.');
    await page.locator('#booking-client').pressSequentially(`Thandi ${lastName}`, { delay: 20 });
    await page.locator('.p-autocomplete-panel', { hasText: 'No clients found' }).waitFor();

    // On to "New client" with the keyboard: the Clients page's form, the typed name already in it.
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('aria-label') ?? el?.textContent?.trim();
      });
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Clear Client');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('New client');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New client' });
    await dialog.waitFor();
    expect(await field(page, 'firstName').inputValue()).toBe('Thandi');
    expect(await field(page, 'lastName').inputValue()).toBe(lastName);
    await expectNoSeriousViolations(page);

    // A missing field is named on the client form; the booking is not sent with it.
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    expect(await visibleText(page.getByTestId('email-error'))).toBe(REQUIRED);
    expect(await page.getByTestId('client-error').count()).toBe(0);

    await field(page, 'email').fill(`${lastName.toLowerCase()}@example.com`);
    await field(page, 'mobile').fill('082 555 0142');
    await field(page, 'address1').fill('12 Jan Smuts Avenue');
    await field(page, 'addressRegion').fill('Parktown');
    await selectOption(page, 'addressState', 'Gauteng');
    await field(page, 'addressPostalCode').fill('2193');
    await screenshot(page, 'diary-new-client');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    expect(await toastWith(page, 'Created client.')).toBe('Successful');
    await dialog.waitFor({ state: 'detached' });

    // The client exists and is the booking's client; the rest of the booking is as it was.
    const [made] = (await searchClients(zaAdmin, lastName.toLowerCase())).filter((c) =>
      c.name.includes(lastName),
    );
    if (!made) throw new Error(`No client ${lastName} was created`);
    expect(await getClient(zaAdmin, made.id)).toMatchObject({
      firstName: 'Thandi',
      lastName,
      preferredName: 'Thandi',
      addressPostalCode: '2193',
    });
    await booking.getByText(`Client ${made.id}`).waitFor();
    await screenshot(page, 'diary-new-client-chosen');
    expect(await page.locator('#booking-client').inputValue()).toBe(made.name);
    expect(await page.locator('#booking-start').inputValue()).toContain('2031-08-18 10:00');
    expect(await visibleText(page.locator('#booking-notes'))).toContain('Referred by the clinic nurse.');

    await booking.getByRole('button', { name: 'Book', exact: true }).click();
    expect(await toastWith(page, DIARY_MESSAGES.created)).toBe('Successful');
    const stored = (await dayAppointments(zaAdmin, '2031-08-18')).find((a) => a.id !== other.id);
    expect(stored).toMatchObject({
      clientId: made.id,
      practitionerId: practitionerOf(diary.setup, 'za.evolve').userId,
      typeId: typeOf(diary.setup, 'Follow-up treatment').id,
      startLocal: '2031-08-18T10:00',
    });
    expect(stored?.notes).toContain('Referred by the clinic nurse.');
    const event = page.getByTestId(`appointment-${stored?.id}`);
    await event.waitFor();
    expect(await visibleText(event)).toContain(made.name);
  });

  it('Escape in an open list closes the list, not the booking panel, and keeps what was typed', async () => {
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-08-11');
    await scrollTo(page, '10:00');
    const slot = await slotPoint(page, diary.column('za.evolve'), '10:00');
    await page.mouse.click(slot.x, slot.y);
    const booking = page.getByRole('dialog', { name: 'New appointment' });
    await booking.waitFor();
    await page.locator('#booking-notes').click();
    await page.keyboard.type('Bring the X-rays.');

    await dropdownOf(page, 'booking-typeId').click();
    await page.locator('.p-dropdown-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await page.locator('#booking-client').pressSequentially('Zzqxw', { delay: 20 });
    await page.locator('.p-autocomplete-panel', { hasText: 'No clients found' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.p-autocomplete-panel').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(await booking.isVisible()).toBe(true);
    expect(await page.locator('#booking-notes').textContent()).toContain('Bring the X-rays.');

    // With no list open, Escape closes the panel as before.
    await page.keyboard.press('Escape');
    await booking.waitFor({ state: 'detached' });
  });
});
