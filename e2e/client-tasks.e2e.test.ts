import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  type ApiClient,
  chooseRowAction,
  clientsAddress,
  clientTasks,
  createClient,
  createProcess,
  dropdownOf,
  dropdownOptions,
  gotoPanel,
  holdResponses,
  type MadeClient,
  MESSAGES,
  openRowMenu,
  panelHeading,
  pickOption,
  recordRequests,
  type StoredTask,
  screenshot,
  signInAs,
  tableRows,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';

const suite = useBrowserSuite();
const [zaAdmin, zaEvolve, ukAdmin, ukAdviser] = signedIn('za.admin', 'za.evolve', 'uk.admin', 'uk.adviser');

const tasksTable = (page: Page) => page.getByRole('table', { name: 'Tasks', exact: true });
const description = (page: Page) => page.locator('#cf-description');
const dropdownLabel = (page: Page, inputId: string) =>
  visibleText(dropdownOf(page, inputId).locator('.p-dropdown-label'));

async function taskRows(page: Page) {
  await tasksTable(page).waitFor();
  await page.locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
  return tableRows(page, 'Tasks');
}

/** Signs in and opens Add task for the client from its row menu. */
async function openAddTask(page: Page, username: string, client: MadeClient): Promise<void> {
  await signInAs(page, username);
  const entries = await openRowMenu(page, client);
  expect(entries).toEqual(expect.arrayContaining(['Add Task', 'View Tasks']));
  await chooseRowAction(page, 'Add Task', clientsAddress(10, client.id));
  await panelHeading(page, `Add task: ${client.name}`).waitFor();
  await description(page).waitFor();
}

function createTask(user: ApiClient, clientId: number, extra: Record<string, unknown> = {}) {
  return user.request<StoredTask>('POST', `/api/task/${user.user.companyId}`, {
    clientId,
    type: 'S',
    description: uniqueWord('Call back '),
    note: '<p>Ask about the <strong>claim</strong>.</p>',
    ...extra,
  });
}

describe('Add task (tab 10)', () => {
  it('za.evolve: an empty description is refused on screen and nothing is sent; then the task is added', async () => {
    const [client, process] = await Promise.all([
      createClient(zaAdmin, uniqueWord('Task'), 'ZA'),
      createProcess(zaAdmin),
    ]);
    const app = await suite.open();
    const { page } = app;
    await openAddTask(page, 'za.evolve', client);

    // Company type H: the six common types, no adviser types.
    const types = await dropdownOptions(page, 'cf-type');
    expect(types).toEqual([
      'Software support',
      'Billing',
      'Scheduling',
      'Unpaids management',
      'Payment management',
      'Other',
    ]);
    // Defaults: the signed-in user, not client visible.
    expect(await dropdownLabel(page, 'cf-userId')).toBe('Sipho Ndlovu (za.evolve)');
    expect(await dropdownLabel(page, 'cf-clientVisible')).toBe('No');

    const posts = recordRequests(page, 'POST', /\/api\/task\//);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByTestId('description-error').waitFor();
    expect(await visibleText(page.getByTestId('description-error'))).toBe(MESSAGES.required);
    expect(await description(page).getAttribute('aria-invalid')).toBe('true');
    expect(await description(page).evaluate((el) => el.classList.contains('p-invalid'))).toBe(true);
    // Spaces only are no description either (inputs are trimmed).
    await description(page).fill('   ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForTimeout(300);
    expect(posts).toHaveLength(0);
    await screenshot(page, 'tasks-add-required');

    const text = uniqueWord('Phone the scheme ');
    await description(page).fill(text);
    expect(await page.getByTestId('description-error').count()).toBe(0);
    await pickOption(page, 'cf-processId', process.name);
    await pickOption(page, 'cf-type', 'Unpaids management');
    await page.locator('#cf-note').click();
    await page.keyboard.type('Remind them about the invoice.');
    await screenshot(page, 'tasks-add');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await toastWith(page, MESSAGES.addedTask)).toBe('Successful');
    expect(posts).toHaveLength(1);
    // Issue 13: back to the client's tasks (tab 11), which list the new one.
    await waitForHash(page, clientsAddress(11, client.id));
    await page.getByRole('table', { name: 'Tasks', exact: true }).getByText(text).waitFor();

    const stored = await clientTasks(zaEvolve, client.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      description: text,
      type: 'U',
      status: 'I',
      clientVisible: 'N',
      userId: zaEvolve.user.id,
      processName: process.name,
    });
    expect(stored[0]?.note).toContain('Remind them about the invoice.');
  });

  it('uk.adviser (company type F) also gets the adviser types and adds a D task', async () => {
    const client = await createClient(ukAdmin, uniqueWord('Task'), 'UK');
    const app = await suite.open();
    const { page } = app;
    await openAddTask(page, 'uk.adviser', client);
    const types = await dropdownOptions(page, 'cf-type');
    expect(types).toEqual(
      expect.arrayContaining([
        'Software support',
        'Other',
        'Administration',
        'New business',
        'Benefit query',
        'Authorisation',
        'Claims',
      ]),
    );
    expect(types).toHaveLength(11);
    await description(page).fill('Update the nomination form');
    await pickOption(page, 'cf-type', 'Administration');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await toastWith(page, MESSAGES.addedTask)).toBe('Successful');
    const stored = await clientTasks(ukAdviser, client.id);
    expect(stored.map((t) => [t.type, t.status, t.description])).toEqual([
      ['D', 'I', 'Update the nomination form'],
    ]);
  });
});

describe('View tasks (tab 11) and View task (tab 22)', () => {
  it('lists the task as initiated; the view is read-only and Back lands on 11, where the update action starts and completes it', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Task'), 'ZA');
    const task = await createTask(zaEvolve, client.id);
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.evolve');
    await openRowMenu(page, client);
    await chooseRowAction(page, 'View Tasks', clientsAddress(11, client.id));
    await panelHeading(page, `View tasks: ${client.name}`).waitFor();

    const rows = await taskRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Type: 'Software support',
      Status: 'Initiated',
      'Client visible': 'No',
      Description: task.description,
      Duration: '0 secs',
      User: 'Sipho Ndlovu',
    });
    expect(rows[0]?.Elapsed).toMatch(/^(\d+ (days?|hrs?|mins?|secs?) ?)+$/);
    await screenshot(page, 'tasks-view-list');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.getByRole('button', { name: `View task ${task.id}: ${task.description}` }).click();
    await waitForHash(page, clientsAddress(22, client.id, task.id));
    await panelHeading(page, `View task: ${client.name}`).waitFor();
    const details = page.getByTestId('task-details');
    expect(await visibleText(details)).toContain(task.description);
    // The note is rendered as rich text, not shown as markup.
    expect(await visibleText(details.locator('.rich-text strong'))).toBe('claim');
    expect(await visibleText(details)).not.toContain('<strong>');
    // Read-only: nothing in the panel can be typed into.
    const panel = page.locator('.client-panel');
    expect(await panel.locator('input, textarea, select, [contenteditable="true"]').count()).toBe(0);
    expect(await visibleText(page.getByTestId('task-status'))).toBe('Initiated');
    // Read-only (spec): no status buttons here; they are the update action of View tasks.
    for (const name of ['Start work', 'Complete', 'Reject and close', 'Reopen']) {
      expect(await panel.getByRole('button', { name }).count(), name).toBe(0);
    }
    await screenshot(page, 'tasks-view-task');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await waitForHash(page, clientsAddress(11, client.id));

    const puts = recordRequests(page, 'PUT', /\/api\/task\/\d+$/);
    const action = (label: string) => page.getByRole('button', { name: `${label}: task ${task.id}` });
    expect(await action('Reopen').count()).toBe(0);
    await action('Start work').click();
    expect(await toastWith(page, 'Task status changed to working on it.')).toBe('Successful');
    await tasksTable(page).getByText('working on it').waitFor();
    await page.waitForTimeout(1_500);
    await action('Complete').click();
    await tasksTable(page).getByText('completed').waitFor();
    expect(puts.map((r) => r.postDataJSON())).toEqual([{ status: 'W' }, { status: 'C' }]);
    expect(await action('Reopen').count()).toBe(1);
    expect(await action('Start work').count()).toBe(0);
    const after = await taskRows(page);
    expect(after.map((r) => r.Status)).toEqual(['Completed']);
    expect(after[0]?.Duration).toMatch(/^\d+ secs?$/);
    expect(after[0]?.Duration).not.toBe('0 secs');
    await screenshot(page, 'tasks-view-list-updated');

    const [stored] = await clientTasks(zaEvolve, client.id);
    expect(stored?.status).toBe('C');
    expect(stored?.duration).toBeGreaterThanOrEqual(1);
  });

  it('shows elapsed and duration as days, hrs, mins and secs with plurals', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Task'), 'ZA');
    const task = await createTask(zaEvolve, client.id);
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.evolve');
    // The clocks come from the database: answer with long ones to see how they read.
    await page.route(/\/api\/task\/all\/\d+\/client\/\d+$/, async (route) => {
      const response = await route.fetch();
      const tasks = (await response.json()) as StoredTask[];
      const long = tasks.map((t) =>
        t.id === task.id ? { ...t, elapsed: 93_665, duration: 172_800 + 60 } : t,
      );
      await route.fulfill({ response, json: long });
    });
    await gotoPanel(page, 11, client.id);
    const rows = await taskRows(page);
    expect(rows.map((r) => [r.Elapsed, r.Duration])).toEqual([['1 day 2 hrs 1 min 5 secs', '2 days 1 min']]);
  });

  it('says it is loading while the tasks are on their way, then that there are none; Add task opens tab 10', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Task'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.evolve');
    const hold = await holdResponses(page, /\/api\/task\/all\/\d+\/client\/\d+$/);
    await gotoPanel(page, 11, client.id);
    await page.getByText(MESSAGES.loadingTasks).waitFor();
    hold.release();
    await page.getByText(MESSAGES.noTasks).waitFor();
    expect(await page.getByText(MESSAGES.loadingTasks).count()).toBe(0);
    await page.getByRole('button', { name: 'Add task' }).click();
    await waitForHash(page, clientsAddress(10, client.id));
  });
});

describe('practice users (ROLE_ISOPRACTICE)', () => {
  it('za.admin has no Add Task or View Tasks in the row menu and gets a notice on tabs 10 and 11', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Task'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    const basic = await openRowMenu(page, client);
    expect(basic).toContain('Add Product');
    expect(basic).not.toContain('Add Task');
    expect(basic).not.toContain('View Tasks');
    await page.keyboard.press('Escape');
    const advanced = await openRowMenu(page, client, true);
    expect(advanced).not.toContain('Add Task');
    expect(advanced).not.toContain('View Tasks');

    const taskCalls = recordRequests(page, 'GET', /\/api\/task\//);
    for (const tab of [10, 11]) {
      await gotoPanel(page, tab, client.id);
      await page.getByTestId('panel-notice').waitFor();
      expect(await visibleText(page.getByTestId('panel-notice'))).toMatch(/not available to practice users/);
      expect(await page.locator('#cf-description').count()).toBe(0);
    }
    await screenshot(page, 'tasks-practice-notice');
    expect(taskCalls).toHaveLength(0);
    await page.getByRole('button', { name: 'Back to the client list' }).click();
    await page.waitForFunction(() => /^#\/commonClients\?inputActiveTab=1(&|$)/.test(window.location.hash));
  });
});
