import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { submitLogin, visibleText, waitForHash, waitForLoginPage } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { pick } from './support/client-notes.ts';
import {
  clientsAddress,
  createClient,
  dropdownOf,
  dropdownOptions,
  gotoPanel,
  panelHeading,
  screenshot,
  signInAs,
  tableRows,
  uniqueWord,
} from './support/client-records.ts';
import { clientWithProduct, invoiceViaApi, todayIn } from './support/invoices.ts';

const suite = useBrowserSuite();
const [zaAdmin, zaEvolve] = signedIn('za.admin', 'za.evolve');

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(describeViolations(await seriousViolations(page))).toBe('');
}

/**
 * The contrast of a button's label or icon colour against what is painted behind it (its own background,
 * or the first painted ancestor's when it is transparent).
 */
function buttonContrast(button: Locator): Promise<{ ratio: number; color: string; background: string }> {
  return button.evaluate((el) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [lr, lg, lb] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
    };
    let node: Element | null = el;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const bg = getComputedStyle(node).backgroundColor;
      const alpha = rgb(bg)[3];
      if (bg !== 'transparent' && alpha !== 0) {
        background = bg;
        break;
      }
      node = node.parentElement;
    }
    const icon = el.querySelector('.p-button-icon');
    const color = getComputedStyle(icon ?? el).color;
    const [a, b] = [luminance(rgb(color)), luminance(rgb(background))].sort((x, y) => y - x);
    return { ratio: ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05), color, background };
  });
}

describe('danger buttons are readable (WCAG AA)', () => {
  it("the invoice row's Cancel and View tasks' Reject and close have a contrast of 4.5:1 or more", async () => {
    const made = await clientWithProduct(zaAdmin, 'ZA', uniqueWord('Edge'), 45_000);
    await invoiceViaApi(zaAdmin, made, todayIn('Africa/Johannesburg'));
    const task = await zaEvolve.request<{ id: number }>('POST', `/api/task/${zaEvolve.user.companyId}`, {
      clientId: made.client.id,
      type: 'S',
      description: uniqueWord('Call back '),
    });
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    // The way a receptionist goes: the client list first (its styles stay loaded), then the invoices.
    await page.goto(`/${clientsAddress(1, made.client.id)}`);
    await page.getByRole('heading', { name: 'Manage Clients', level: 1 }).waitFor();
    await page.goto(`/#/commonInvoices?inputClientId=${made.client.id}`);
    const cancel = page
      .getByRole('table', { name: 'Invoices', exact: true })
      .getByRole('button', { name: /^Cancel / });
    await cancel.waitFor();
    await page.locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
    const cancelContrast = await buttonContrast(cancel);
    expect(cancelContrast, JSON.stringify(cancelContrast)).toMatchObject({ color: 'rgb(185, 28, 28)' });
    expect(cancelContrast.ratio).toBeGreaterThanOrEqual(4.5);
    await cancel.hover();
    expect((await buttonContrast(cancel)).ratio).toBeGreaterThanOrEqual(4.5);
    await screenshot(page, 'edges-invoice-cancel');
    await expectNoSeriousViolations(page);

    // Tasks are not for practice users (za.admin): the practice's manager opens them.
    const tasksApp = await suite.open();
    await signInAs(tasksApp.page, 'za.evolve');
    await gotoPanel(tasksApp.page, 11, made.client.id);
    const reject = tasksApp.page.getByRole('button', { name: `Reject and close: task ${task.id}` });
    await reject.waitFor();
    const rejectContrast = await buttonContrast(reject);
    // A danger action, in red, and readable.
    expect(rejectContrast.color).toBe('rgb(185, 28, 28)');
    expect(rejectContrast.ratio).toBeGreaterThanOrEqual(4.5);
    await expectNoSeriousViolations(tasksApp.page);

    await gotoPanel(tasksApp.page, 22, made.client.id, task.id);
    await tasksApp.page.getByTestId('task-details').waitFor();
    await expectNoSeriousViolations(tasksApp.page);
  });
});

/** The in-app pages of za.admin's menu, Settings and the administrators' links. */
async function signedInPages(page: Page): Promise<string[]> {
  const links = await page
    .locator('header a[href^="#/"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href') ?? ''));
  return [...new Set(links)];
}

async function expectFits(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(`${where}: ${scrollWidth}`).toBe(`${where}: ${innerWidth}`);
  const signOut = page.getByRole('button', { name: 'Sign out' });
  expect(await signOut.isVisible()).toBe(true);
  const box = await signOut.boundingBox();
  expect(
    box && box.x >= 0 && box.x + box.width <= innerWidth,
    `${where}: Sign out at ${JSON.stringify(box)}`,
  ).toBe(true);
}

describe('every signed-in page fits the screen', () => {
  it.each([
    ['a phone (390 px)', PHONE],
    ['a desktop (1280 px)', DESKTOP],
  ])('on %s: no page is wider than the window and Sign out is in view', async (name, viewport) => {
    const { page, networkIdle } = await suite.open();
    await page.setViewportSize(viewport);
    await signInAs(page, 'za.admin');
    const pages = await signedInPages(page);
    expect(pages.length).toBeGreaterThan(4);
    for (const address of pages) {
      await page.goto(`/${address}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await networkIdle();
      await expectFits(page, address);
    }
    await screenshot(page, `edges-fit-${viewport.width}`);
    expect(name).toBeTruthy();
  });

  it.each([
    ['a phone (390 px)', PHONE],
    ['a desktop (1280 px)', DESKTOP],
  ])(
    'on %s: Clients opened from the menu shows its title below the header, not under it',
    async (_, viewport) => {
      const { page, networkIdle } = await suite.open();
      await page.setViewportSize(viewport);
      await signInAs(page, 'za.admin');
      await page.goto('/#/commonInvoices');
      await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
      await networkIdle();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      const toggle = menu.locator('.p-menubar-button');
      if (await toggle.isVisible()) await toggle.click();
      await menu.getByRole('menuitem', { name: 'Clients' }).click();
      await waitForHash(page, '#/commonClients');
      const title = page.getByRole('heading', { name: 'Manage Clients', level: 1 });
      await title.waitFor();
      await networkIdle();
      const titleBox = await title.boundingBox();
      const header = await page.locator('header.app-header').evaluate((el) => {
        const { bottom } = el.getBoundingClientRect();
        return { bottom, sticky: getComputedStyle(el).position === 'sticky' };
      });
      expect(titleBox).not.toBeNull();
      // In view, and below the header where the header stays on screen.
      expect(titleBox?.y ?? -1).toBeGreaterThanOrEqual(header.sticky ? header.bottom : 0);
      expect((titleBox?.y ?? 0) + (titleBox?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
    },
  );
});

describe('sign-in returns to the page asked for', () => {
  it('a deep link opened while signed out lands on that page after signing in', async () => {
    const { page } = await suite.open();
    await page.goto('/#/commonInvoices');
    await waitForLoginPage(page);
    await submitLogin(page, 'za.admin');
    await waitForHash(page, '#/commonInvoices');
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
  });

  it('after "Your session has ended" signing in again comes back to the page the user was on', async () => {
    const { page, context } = await suite.open();
    await signInAs(page, 'za.admin');
    await page.goto('/#/commonInvoices');
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await context.clearCookies();
    await page.goto(`/${clientsAddress(1)}`);
    await waitForLoginPage(page);
    expect(await visibleText(page)).toContain('Your session has ended.');
    await submitLogin(page, 'za.admin');
    await waitForHash(page, clientsAddress(1));
    await page.getByRole('heading', { name: 'Manage Clients', level: 1 }).waitFor();
  });

  it('after Sign out the next sign-in goes to the home page, not back', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await page.goto('/#/commonInvoices');
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForLoginPage(page);
    await submitLogin(page, 'za.admin');
    await page.getByRole('heading', { name: 'Practice overview', level: 1 }).waitFor();
  });
});

describe('a half-filled form is not lost without a warning', () => {
  const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?' });
  const homeLink = (page: Page) =>
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Home' });
  const beforeUnloadAsks = (page: Page) =>
    page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });

  it('asks before the menu leaves a dirty Add task; Stay keeps the text, Leave page goes', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Leave'), 'ZA');
    const { page } = await suite.open();
    await signInAs(page, 'za.evolve');
    await gotoPanel(page, 10, client.id);
    await panelHeading(page, `Add task: ${client.name}`).waitFor();
    const description = page.locator('#cf-description');
    await description.fill('Phone about the referral');
    expect(await beforeUnloadAsks(page)).toBe(true);

    await homeLink(page).click();
    await leaveDialog(page).waitFor();
    await screenshot(page, 'edges-leave-dialog');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await leaveDialog(page).waitFor({ state: 'detached' });
    await waitForHash(page, clientsAddress(10, client.id));
    expect(await description.inputValue()).toBe('Phone about the referral');

    await homeLink(page).click();
    await leaveDialog(page).waitFor();
    await page.getByRole('button', { name: 'Leave page' }).click();
    await waitForHash(page, '#/msOverviewHome');
    await leaveDialog(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await beforeUnloadAsks(page)).toBe(false);
  });

  it('does not ask when the form is clean, or after Cancel', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Clean'), 'ZA');
    const { page } = await suite.open();
    await signInAs(page, 'za.evolve');
    await gotoPanel(page, 10, client.id);
    await panelHeading(page, `Add task: ${client.name}`).waitFor();
    expect(await beforeUnloadAsks(page)).toBe(false);
    await homeLink(page).click();
    await waitForHash(page, '#/msOverviewHome');
    await leaveDialog(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await beforeUnloadAsks(page)).toBe(false);

    await gotoPanel(page, 10, client.id);
    await page.locator('#cf-description').fill('Changed my mind');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await waitForHash(page, clientsAddress(1));
    expect(await leaveDialog(page).count()).toBe(0);
    expect(await beforeUnloadAsks(page)).toBe(false);
  });
});

describe('people see words, not codes', () => {
  it('note and task forms, the task list, the client list and the audit trail', async () => {
    const made = await clientWithProduct(zaAdmin, 'ZA', uniqueWord('Words'), 12_300);
    const { client } = made;
    await zaEvolve.request('POST', `/api/task/${zaEvolve.user.companyId}`, {
      clientId: client.id,
      type: 'S',
      description: uniqueWord('Check the claim '),
      userId: zaEvolve.user.id,
    });
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');

    await gotoPanel(page, 8, client.id);
    await pick(page, 'note-action', 'New note');
    await dropdownOf(page, 'cf-type').waitFor();
    const shown = (id: string) => visibleText(dropdownOf(page, id).locator('.p-dropdown-label'));
    expect(await shown('cf-type')).toBe('Personal');
    expect(await shown('cf-format')).toBe('Rich text');

    const row = page.getByRole('table', { name: 'Clients' }).locator('tbody tr', { hasText: client.name });
    await page.goto(`/${clientsAddress(1, client.id)}`);
    await row.waitFor();
    const rowText = await visibleText(row);
    expect(rowText).toContain('Natural person');
    expect(rowText).not.toMatch(/\bN\s+Natural person/);
    expect(rowText).not.toMatch(/\bA\s+Active/);

    await page.goto(`/#/audit?search=${encodeURIComponent(client.name)}`);
    await page.getByRole('table', { name: 'Audit trail' }).waitFor();
    await page.getByText('Client product created').first().waitFor();
    const audit = await visibleText(page.getByRole('table', { name: 'Audit trail' }));
    expect(audit).not.toMatch(/\b[a-z]+\.(create|update|delete)\b/);
    await screenshot(page, 'edges-audit-words');

    // Tasks, as the practice's manager: a physiotherapy practice (type H) starts on a healthcare task type.
    const tasks = await suite.open();
    await signInAs(tasks.page, 'za.evolve');
    await tasksIn(tasks.page, client.id);
  });
});

async function tasksIn(page: Page, clientId: number): Promise<void> {
  const shown = (id: string) => visibleText(dropdownOf(page, id).locator('.p-dropdown-label'));
  await gotoPanel(page, 10, clientId);
  await page.locator('#cf-description').waitFor();
  expect(await shown('cf-type')).toBe('Scheduling');
  const types = await dropdownOptions(page, 'cf-type');
  expect(types).toContain('Software support');
  expect(types.filter((t) => /^[A-Z]:/.test(t))).toEqual([]);
  await page.keyboard.press('Escape');

  await gotoPanel(page, 11, clientId);
  await page.getByRole('table', { name: 'Tasks', exact: true }).waitFor();
  await page.locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
  const [task] = await tableRows(page, 'Tasks');
  expect(task).toMatchObject({ Type: 'Software support', Status: 'Initiated', User: 'Sipho Ndlovu' });
}

describe('a view switch shows which side is chosen', () => {
  it('on the client list and on Prospects the chosen side is filled and the other is white', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    const sides = async () =>
      page
        .locator('.p-selectbutton')
        .first()
        .locator('.p-button')
        .evaluateAll((buttons) =>
          buttons.map((b) => [
            b.textContent?.trim(),
            b.getAttribute('aria-pressed'),
            getComputedStyle(b).backgroundColor,
          ]),
        );
    for (const [address, heading, chosen, other] of [
      ['#/commonClients', 'Manage Clients', 'Basic', 'Advanced'],
      ['#/commonProspects', 'Prospects', 'Board', 'List'],
    ]) {
      await page.goto(`/${address}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.locator('.p-selectbutton').first().waitFor();
      expect(await sides(), address).toEqual([
        [chosen, 'true', 'rgb(29, 78, 216)'],
        [other, 'false', 'rgb(255, 255, 255)'],
      ]);
    }
  });
});

describe('instants stay whole on a phone', () => {
  it("the call log's start times stay on one line at 390 px (the table scrolls sideways instead)", async () => {
    const { page } = await suite.open();
    await page.setViewportSize(PHONE);
    await signInAs(page, 'za.admin');
    await page.goto('/#/commonPhoneCalls');
    const started = page.getByRole('table', { name: 'Call log' }).locator('tbody tr td.cell-nowrap').first();
    await started.waitFor();
    const lines = await started.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(await visibleText(started)).toMatch(/^\d{4}-\d{2}-\d{2}\s\d{2}:\d{2}$/);
    expect(lines).toBe(1);
  });
});
