import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  chooseRowAction,
  clientsAddress,
  createClient,
  openRowMenu,
  panelHeading,
  screenshot,
  signInAs,
  tableRows,
  uniqueWord,
} from './support/client-records.ts';
import { practitioners, types } from './support/diary-settings.ts';
import { expectNoSeriousViolations } from './support/settings.ts';

const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');

const VIEW_APPOINTMENTS = 27;

/** Books through the API for Ayesha Patel (za.learn) at a wall-clock time of the company. */
async function book(clientId: number, start: string) {
  const ayesha = (await practitioners(zaAdmin)).find((p) => p.displayName === 'Ayesha Patel');
  const type = (await types(zaAdmin)).find(
    (t) =>
      t.active === 'Y' && (t.practitionerIds.length === 0 || t.practitionerIds.includes(ayesha?.userId ?? 0)),
  );
  if (!ayesha || !type)
    throw new Error('The demo diary has no practitioner Ayesha Patel or no type she offers.');
  return zaAdmin.request<{ id: number; typeName: string; endLocal: string }>(
    'POST',
    `/api/appointment/${zaAdmin.user.companyId}`,
    { clientId, practitionerId: ayesha.userId, typeId: type.id, start },
  );
}

describe("a client's appointments (advanced view)", () => {
  it('View Appointments lists the past and upcoming ones, latest first; cancelled ones say why', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Diary'), 'ZA');
    const past = await book(client.id, '2025-06-11T11:15');
    const upcoming = await book(client.id, '2030-05-15T15:45');
    await zaAdmin.request('POST', `/api/appointment/${upcoming.id}/status`, {
      status: 'cancelled',
      cancelReason: 'client',
    });
    const later = await book(client.id, '2030-05-22T15:45');

    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    // The basic view does not offer it; the advanced one does.
    expect(await openRowMenu(page, client)).not.toContain('View Appointments');
    await page.keyboard.press('Escape');
    expect(await openRowMenu(page, client, true)).toContain('View Appointments');
    await chooseRowAction(page, 'View Appointments', clientsAddress(VIEW_APPOINTMENTS, client.id));
    await panelHeading(page, `View appointments: ${client.name}`).waitFor();
    const table = page.getByRole('table', { name: 'Appointments', exact: true });
    await table.getByRole('row').nth(3).waitFor();

    const rows = await tableRows(page, 'Appointments');
    expect(rows.map((r) => r.When?.replace(/\s+/g, ' '))).toEqual([
      `2030-05-22 15:45–${later.endLocal.slice(11)} Upcoming`,
      `2030-05-15 15:45–${upcoming.endLocal.slice(11)} Upcoming`,
      `2025-06-11 11:15–${past.endLocal.slice(11)}`,
    ]);
    expect(rows.map((r) => r.Status)).toEqual(['Booked', 'Cancelled (by the client)', 'Booked']);
    expect(rows.every((r) => r.Practitioner === 'Ayesha Patel' && r.Type === past.typeName)).toBe(true);
    expect(rows.map((r) => r.Invoice)).toEqual(['Not invoiced', 'Not invoiced', 'Not invoiced']);
    await screenshot(page, 'client-appointments');
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Back to the client list' }).click();
    await page.getByRole('heading', { name: 'Manage Clients', level: 1 }).waitFor();
  });

  it('a client without appointments says so', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Nobook'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.reception');
    await page.goto(`/${clientsAddress(VIEW_APPOINTMENTS, client.id)}`);
    await panelHeading(page, `View appointments: ${client.name}`).waitFor();
    await page.getByTestId('records-empty').getByText('No appointments found.').waitFor();
  });
});
