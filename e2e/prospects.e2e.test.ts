import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { menuEntries, toastWith, visibleText, waitForHash } from './support/app.ts';
import { expectNoSeriousViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { field } from './support/client-forms.ts';
import { screenshot, uniqueWord } from './support/client-records.ts';
import { signInAs } from './support/settings.ts';

/**
 * Prospects (issue 17): a prospect and its opportunity made on the page, dragged through the stages with the
 * mouse and the keyboard; Lost asks for a reason; Won lands on the new client's record. uk.adviser's company
 * (business menu) has the demo's "New business" pipeline: New, Contacted, Needs analysis, Proposal, Won, Lost.
 */
const suite = useBrowserSuite();
const [ukAdviser] = signedIn('uk.adviser');

type Pipeline = { id: number; name: string; stages: { id: number; name: string }[] };
type Opportunity = {
  id: number;
  stageName: string;
  lostReason: string | null;
  clientId: number;
  lifecycle: string;
};

async function openProspects(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: 'Prospects' }).click();
  await waitForHash(page, '#/commonProspects');
  await page.getByRole('heading', { name: 'Prospects', level: 1 }).waitFor();
  await page.getByTestId('pipeline-board').waitFor();
}

const column = (page: Page, stage: string) => page.getByTestId(`stage-${stage}`);
const handleOf = (page: Page, title: string) =>
  page.getByRole('button', { name: new RegExp(`^Move ${title} `) });
const opportunityOf = async (title: string) => {
  const page = await ukAdviser.request<{ data: (Opportunity & { title: string })[] }>(
    'GET',
    `/api/opportunity/lazyloading/${ukAdviser.user.companyId}?size=100&sortField=title`,
  );
  const found = page.data.find((o) => o.title === title);
  if (!found) throw new Error(`no opportunity ${title}`);
  return found;
};

/** Drags with the mouse, in small steps as a hand does, from the card's handle to the column's middle. */
async function dragTo(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag, or nowhere to drop');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
  await page.mouse.up();
}

/** A prospect with an opportunity in New, made through the API for the Lost and Won cases. */
async function prospectWithOpportunity(prefix: string) {
  const lastName = uniqueWord(prefix);
  const prospect = await ukAdviser.request<{ id: number; name: string }>(
    'POST',
    `/api/client1/${ukAdviser.user.companyId}`,
    {
      type: 'N',
      firstName: 'Paula',
      lastName,
      preferredName: 'Paula',
      email: `${lastName.toLowerCase()}@example.com`,
      mobile: '+447911123456',
      addressCountry: 'UK',
      address1: '3 Mill Lane',
      addressRegion: 'Reading',
      addressState: 'Berkshire',
      addressPostalCode: 'RG1 1AA',
      lifecycle: 'prospect',
    },
  );
  const [pipeline] = await ukAdviser.request<Pipeline[]>('GET', `/api/pipeline/${ukAdviser.user.companyId}`);
  const title = `${prefix} plan ${lastName}`;
  await ukAdviser.request('POST', `/api/opportunity/${ukAdviser.user.companyId}`, {
    clientId: prospect.id,
    pipelineId: pipeline?.id,
    stageId: pipeline?.stages[0]?.id,
    title,
    valueCents: 250_000,
  });
  return { prospect, title };
}

describe('Prospects', () => {
  it('creates a prospect and an opportunity, then moves it with the mouse and with the keyboard', async () => {
    const lastName = uniqueWord('Prospect');
    const title = `Pension ${lastName}`;
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await openProspects(page);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'New prospect' }).click();
    const prospectDialog = page.getByRole('dialog', { name: 'New prospect' });
    await prospectDialog.waitFor();
    await field(page, 'firstName').fill('Rosa');
    await field(page, 'lastName').fill(lastName);
    await field(page, 'preferredName').fill('Rosa');
    await field(page, 'email').fill(`${lastName.toLowerCase()}@example.com`);
    await field(page, 'mobile').fill('07911 123456');
    await field(page, 'address1').fill('8 Station Road');
    await field(page, 'addressRegion').fill('Reading');
    await field(page, 'addressState').fill('Berkshire');
    await field(page, 'addressPostalCode').fill('RG1 1AA');
    await prospectDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await prospectDialog.waitFor({ state: 'detached' });

    const opportunityDialog = page.getByRole('dialog', { name: `New opportunity: Rosa ${lastName}` });
    await opportunityDialog.waitFor();
    await page.locator('#settings-title').fill(title);
    await page.locator('#settings-value').fill('12500');
    await opportunityDialog.getByRole('button', { name: 'Save' }).click();
    expect(await toastWith(page, `Opportunity "${title}" opened in New.`)).toBe('Successful');
    await column(page, 'New').getByText(title).waitFor();
    // The prospect is not on the client list.
    const clients = await ukAdviser.request<{ content: { name: string }[] }>(
      'GET',
      `/api/client1/company/${ukAdviser.user.companyId}/lazy?search=${lastName.toLowerCase()}`,
    );
    expect(clients.content).toEqual([]);

    // The mouse: New → Contacted.
    await dragTo(page, handleOf(page, title), column(page, 'Contacted'));
    expect(await toastWith(page, `Moved "${title}" to Contacted.`)).toBe('Successful');
    await column(page, 'Contacted').getByText(title).waitFor();
    expect((await opportunityOf(title)).stageName).toBe('Contacted');

    // The keyboard: pick up with Space, one column right, drop with Space → Needs analysis.
    await handleOf(page, title).focus();
    // Each key waits for the card to be up, then for what a screen reader hears, as the board answers.
    const heard = (text: string) =>
      page.locator('[id^="DndLiveRegion"]', { hasText: text }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page.locator(`button[aria-pressed="true"][aria-label^="Move ${title} "]`).waitFor();
    await page.keyboard.press('ArrowRight');
    await heard('Over Needs analysis.');
    await page.keyboard.press('Space');
    expect(await toastWith(page, `Moved "${title}" to Needs analysis.`)).toBe('Successful');
    await column(page, 'Needs analysis').getByText(title).waitFor();
    expect((await opportunityOf(title)).stageName).toBe('Needs analysis');
    expect(await visibleText(column(page, 'Needs analysis').getByTestId('stage-totals'))).toContain(
      'weighted',
    );
    await screenshot(page, 'prospects-board');
    await expectNoSeriousViolations(page);
  });

  it('marking one Lost asks for the reason and keeps it', async () => {
    const { title } = await prospectWithOpportunity('Lost');
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await openProspects(page);
    await dragTo(page, handleOf(page, title), column(page, 'Lost'));
    const dialog = page.getByRole('dialog', { name: `Lost: ${title}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Mark lost' }).click();
    expect(await visibleText(dialog.getByRole('alert'))).toBe('Say why the opportunity was lost.');
    await page.locator('#lost-reason').fill('Went with a bank adviser');
    await dialog.getByRole('button', { name: 'Mark lost' }).click();
    expect(await toastWith(page, `Moved "${title}" to Lost.`)).toBe('Successful');
    await column(page, 'Lost').getByText(title).waitFor();
    expect(await opportunityOf(title)).toMatchObject({
      stageName: 'Lost',
      lostReason: 'Went with a bank adviser',
    });
  });

  it('winning one makes the prospect a client and opens their record', async () => {
    const { prospect, title } = await prospectWithOpportunity('Won');
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await openProspects(page);
    await dragTo(page, handleOf(page, title), column(page, 'Won'));
    await waitForHash(page, `#/client/${prospect.id}`);
    await page.getByRole('heading', { name: prospect.name, level: 1 }).waitFor();
    expect(await opportunityOf(title)).toMatchObject({ stageName: 'Won', lifecycle: 'client' });
  });

  it('works on a phone (390 px): the columns scroll inside the board, the page does not', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await openProspects(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await column(page, 'New').waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      board: document.querySelector('[data-testid="pipeline-board"]')?.scrollWidth ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.board).toBeGreaterThan(390);
    await screenshot(page, 'prospects-phone');
    // The page's own content; the shell's header on a phone is not this page's.
    expect(await seriousViolations(page, 'main')).toEqual([]);
  });

  it('the practice menu still has no Prospects', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'uk.practice');
    expect(await menuEntries(page)).not.toContain('Prospects');
  });
});
