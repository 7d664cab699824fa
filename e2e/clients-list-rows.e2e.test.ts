import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';

import { useBrowserSuite } from './support/browser.ts';
import * as list from './support/clients.ts';

const suite = useBrowserSuite();
const [za] = signedIn('za.admin');

describe('address, panels and row actions', () => {
  it('inputClientId restricts the list to one client, survives a reload, and Show all lifts it', async () => {
    const made = await list.createZaClient(za, 'Only', `One${list.RUN}`);
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin', `?inputActiveTab=1&inputClientId=${made.id}`);
    await list.waitForList(page);
    expect(await list.columnTexts(page, 'Name')).toEqual([made.name]);
    expect(await visibleText(page.getByTestId('one-client'))).toContain(`Showing one client (ID ${made.id})`);

    await page.reload();
    await list.waitForList(page);
    expect(await list.columnTexts(page, 'Name')).toEqual([made.name]);

    // A panel opened from this list returns to it, still restricted.
    await list.rowMenu(page, made.name);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForHash(page, `#/commonClients?inputActiveTab=1&inputClientId=${made.id}`);
    await list.waitForList(page);
    expect(await list.columnTexts(page, 'Name')).toEqual([made.name]);

    await list.listAfter(page, () => page.getByRole('button', { name: 'Show all' }).click());
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    expect(await list.bodyRows(page).count()).toBe(10);
    expect(await page.getByTestId('one-client').count()).toBe(0);
  });

  it('za.admin (company H, practice role) gets its row actions in both views; Select opens Update', async () => {
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin');
    await list.search(page, 'anele zulu');
    // rowActionsFor gives a practice user of company H, with invoicing: Update, Update Advanced, Delete,
    // Add Note, View Notes, Add Product, Create Invoice (no tasks for ROLE_ISOPRACTICE); the advanced view
    // adds View Products, Send Email, Send SMS, Add Audit Trail, Create Unpaid Notice and View Appointments
    // (issue 15). View Invoices (the Invoices page for the client, issue 6) closes every menu.
    const basic = [
      'Update',
      'Update Advanced',
      'Delete',
      'Add Note',
      'View Notes',
      'Add Product',
      'Create Invoice',
    ];
    expect(await list.rowMenu(page, 'Anele Zulu')).toEqual([...basic, 'View Invoices']);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Advanced' }).click();
    expect(await list.rowMenu(page, 'Anele Zulu')).toEqual([
      ...basic,
      'View Products',
      'Send Email',
      'Send SMS',
      'Add Audit Trail',
      'Create Unpaid Notice',
      'View Appointments',
      'View Invoices',
    ]);
    await page.keyboard.press('Escape');

    const select = page.getByRole('button', { name: 'Select Anele Zulu', exact: true });
    expect(await visibleText(select)).toBe('Select');
    await select.click();
    const anele = (await list.listViaApi(za, { search: 'anele zulu' })).content[0];
    await waitForHash(page, `#/commonClients?inputActiveTab=4&inputClientId=${anele?.id}`);

    await page.goBack();
    await waitForHash(page, '#/commonClients');
    await list.rowMenu(page, 'Anele Zulu');
    await page.getByRole('menuitem', { name: 'Update Advanced' }).click();
    await waitForHash(page, `#/commonClients?inputActiveTab=3&inputClientId=${anele?.id}`);
  });

  it('uk.adviser (company F) gets no Update Advanced but gets tasks, and tab 3 is not available there', async () => {
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'uk.adviser', '', 'Financial adviser overview');
    await list.search(page, 'alice smith');
    // Company F: no Update Advanced; a rise user gets tasks, and no Create Invoice in the basic view.
    expect(await list.rowMenu(page, 'Alice Smith')).toEqual([
      'Update',
      'Delete',
      'Add Note',
      'View Notes',
      'Add Product',
      'Add Task',
      'View Tasks',
      'View Invoices',
    ]);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Export Clients' }).count()).toBe(0);

    await page.goto('/#/commonClients?inputActiveTab=3&inputClientId=1');
    await page
      .getByText('healthcare details are kept by healthcare practices only', { exact: false })
      .waitFor();
  });

  it('moves between tabs with back and forward; an unknown panel says so and leads back', async () => {
    const made = await list.createZaClient(za, 'Travel', `Back${list.RUN}`);
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin');
    await list.search(page, made.name);
    await list.rowMenu(page, made.name);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await waitForHash(page, `#/commonClients?inputActiveTab=5&inputClientId=${made.id}`);
    await page.getByRole('heading', { name: 'Delete client', level: 2 }).waitFor();

    await page.goBack();
    await waitForHash(page, '#/commonClients');
    await list.waitForList(page);
    expect(await page.getByRole('heading', { name: 'Delete client' }).count()).toBe(0);
    // The search the user made is still there after the visit to the panel.
    expect(await list.columnTexts(page, 'Name')).toEqual([made.name]);

    await page.goForward();
    await page.getByRole('heading', { name: 'Delete client', level: 2 }).waitFor();

    // Tab 40 (the import-payments reset) is not shown by this product.
    await page.goto('/#/commonClients?inputActiveTab=40&inputClientId=1');
    await page.getByRole('heading', { name: 'Unknown panel', level: 2 }).waitFor();
    await page.getByText('This panel is not available yet.').waitFor();
    await list.screenshot(page, 'clients-panel-not-available', false);
    await page.getByRole('link', { name: 'Back to the client list' }).click();
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    await list.waitForList(page);
  });

  it('the heading link goes to tab 1 with a full reload', async () => {
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin', '?inputActiveTab=14');
    await page.getByText('Choose a client in the list first', { exact: false }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    await page.getByRole('link', { name: 'Manage Clients' }).click();
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    await list.waitForList(page);
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
  });
});
