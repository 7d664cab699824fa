import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { toastWith, visibleText, waitForHash } from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { addNote } from './support/client-notes.ts';
import { recordHash, waitForRecord } from './support/client-record.ts';
import {
  createClient,
  pickOption,
  screenshot,
  signInAs as signInAnyone,
  uniqueWord,
} from './support/client-records.ts';
import { book, diarySetup } from './support/diary.ts';
import { waitForSettled } from './support/messaging.ts';
import { openSettings, signInAs } from './support/settings.ts';

/**
 * Issue 17, the screens around the board: Settings' Pipelines tab (stages, the record of advice rule), the
 * opportunity's dialog (stage history, edit, the record of advice), a new opportunity for an existing
 * client, consent (POPIA section 69) on the client record, and a call linked to what it was about.
 */
const suite = useBrowserSuite();
const [ukAdmin, zaAdmin] = signedIn('uk.admin', 'za.admin');

type Stage = { id: number; name: string; kind: string; probability: number };
type Pipeline = { id: number; name: string; stages: Stage[] };
type Opportunity = {
  id: number;
  title: string;
  clientId: number;
  lifecycle: string;
  valueCents: number;
  nextActionDate: string | null;
  adviceNoteId: number | null;
};
const company = () => ukAdmin.user.companyId;
const pipelines = () => ukAdmin.request<Pipeline[]>('GET', `/api/pipeline/${company()}`);

async function openPipelinesTab(page: Page): Promise<Locator> {
  await openSettings(page);
  await page.getByRole('tab', { name: 'Pipelines' }).click();
  const list = page.getByRole('region', { name: 'Pipelines' });
  await list.waitFor();
  await list.getByText(/Please wait/).waitFor({ state: 'hidden' });
  return list;
}

/** A prospect of uk.admin's company with an e-mail address of its own. */
async function prospect(prefix: string) {
  const lastName = uniqueWord(prefix);
  return ukAdmin.request<{ id: number; name: string }>('POST', `/api/client1/${company()}`, {
    type: 'N',
    firstName: 'Nadia',
    lastName,
    preferredName: 'Nadia',
    email: `${lastName.toLowerCase()}@example.com`,
    mobile: '+447911123456',
    addressCountry: 'UK',
    address1: '5 Kings Road',
    addressRegion: 'Reading',
    addressState: 'Berkshire',
    addressPostalCode: 'RG1 1AA',
    lifecycle: 'prospect',
  });
}

/**
 * The demo's second pipeline: fixtures stay off the first one, the board's default, where prospects.e2e
 * drags cards (a longer New column would push them out of sight).
 */
const SIDE_PIPELINE = 'Existing clients';
const sidePipeline = async () => {
  const found = (await pipelines()).find((p) => p.name === SIDE_PIPELINE);
  if (!found) throw new Error(`uk.admin has no pipeline ${SIDE_PIPELINE}`);
  return found;
};

async function opportunityFor(clientId: number, title: string, pipeline?: Pipeline, stage?: Stage) {
  const target = pipeline ?? (await sidePipeline());
  return ukAdmin.request<Opportunity>('POST', `/api/opportunity/${company()}`, {
    clientId,
    pipelineId: target.id,
    stageId: (stage ?? target.stages[0])?.id,
    title,
    valueCents: 100_000,
  });
}

/** Types into a search picker as a person does and picks the suggestion naming the client. */
async function pickInSearch(page: Page, inputId: string, name: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  const item = page.locator('.p-autocomplete-panel .p-autocomplete-item', { hasText: name }).first();
  for (let attempt = 0; attempt < 4; attempt++) {
    await input.fill('');
    await input.pressSequentially(name, { delay: 20 });
    if (
      await item.waitFor({ timeout: 8_000 }).then(
        () => true,
        () => false,
      )
    ) {
      await item.click();
      if ((await input.inputValue()) === name) return;
    }
  }
  throw new Error(`could not pick ${name}`);
}

describe('Settings → Pipelines', () => {
  it('an administrator adds a pipeline, checks a probability, reorders stages; a used stage stays (409)', async () => {
    const name = uniqueWord('Pipeline');
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    const list = await openPipelinesTab(page);
    await expectNoSeriousViolations(page);

    await list.getByRole('button', { name: 'Add pipeline' }).click();
    const dialog = page.getByRole('dialog', { name: 'New pipeline' });
    await dialog.waitFor();
    await page.locator('#settings-name').fill(name);
    // The starter stages: New, Proposal, Won, Lost.
    expect(await dialog.locator('tbody tr').count()).toBe(4);
    await page.locator('#settings-stages-1-probability').fill('150');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A probability is a whole number from 0 to 100.').waitFor();
    await page.locator('#settings-stages-1-probability').fill('60');
    await dialog.getByRole('button', { name: 'Add stage' }).click();
    await page.locator('#settings-stages-4-name').fill('Signed');
    await page.locator('#settings-stages-4-probability').fill('90');
    await dialog.getByRole('button', { name: 'Move stage 5 up' }).click();
    await dialog.getByRole('button', { name: 'Move stage 4 up' }).click();
    await screenshot(page, 'settings-pipeline-dialog');
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await toastWith(page, 'Created pipeline.')).toBe('Successful');
    await dialog.waitFor({ state: 'detached' });

    const shown = page.getByTestId(`pipeline-${name}`);
    await shown.waitFor();
    const rows = (await shown.locator('tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      '1 New Open 10%',
      '2 Proposal Open 60%',
      '3 Signed Open 90%',
      '4 Won Won 100%',
      '5 Lost Lost 0%',
    ]);
    const saved = (await pipelines()).find((p) => p.name === name);
    expect(saved?.stages.map((s) => [s.name, s.kind, s.probability])).toEqual([
      ['New', 'open', 10],
      ['Proposal', 'open', 60],
      ['Signed', 'open', 90],
      ['Won', 'won', 100],
      ['Lost', 'lost', 0],
    ]);

    // An opportunity in Proposal: removing that stage is refused, and the dialog says why.
    const client = await prospect('Stage');
    if (!saved) throw new Error('not saved');
    await opportunityFor(client.id, `Used ${name}`, saved, saved.stages[1]);
    await shown.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit pipeline: ${name}` });
    await edit.waitFor();
    await edit.getByRole('button', { name: 'Remove stage 2' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    const alert = edit.getByRole('alert');
    await alert.waitFor();
    expect(await visibleText(alert)).toContain('Opportunities are or were in Proposal');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect((await pipelines()).find((p) => p.name === name)?.stages).toHaveLength(5);
  });

  it('others read only; a practice has no Pipelines tab; type H is told the advice rule does not apply', async () => {
    const { page } = await suite.open();
    await signInAnyone(page, 'uk.adviser');
    const list = await openPipelinesTab(page);
    await list.getByRole('table').first().waitFor();
    expect(await list.getByRole('button').count()).toBe(0);
    await page.getByTestId('advice-rule-state').waitFor();
    expect(await page.getByTestId('advice-rule').getByRole('button').count()).toBe(0);

    const practice = await suite.open();
    await signInAs(practice.page, 'za.admin');
    await openSettings(practice.page);
    await practice.page.getByRole('tab', { name: 'Products' }).waitFor();
    expect(await practice.page.getByRole('tab', { name: 'Pipelines' }).count()).toBe(0);

    const evolve = await suite.open();
    await signInAs(evolve.page, 'za.evolve');
    await openPipelinesTab(evolve.page);
    expect(await visibleText(evolve.page.getByTestId('advice-rule'))).toContain(
      'it does not apply to a healthcare practice',
    );
  });
});

describe('on a phone (390 px)', () => {
  it('the Pipelines tab, the stage editor and the opportunity dialog fit the width', async () => {
    const client = await prospect('Phone');
    const title = `Phone plan ${client.id}`;
    await opportunityFor(client.id, title);
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await page.setViewportSize({ width: 390, height: 844 });
    const list = await openPipelinesTab(page);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await list.getByRole('button', { name: `Edit ${SIDE_PIPELINE}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit pipeline: ${SIDE_PIPELINE}` });
    await edit.waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await screenshot(page, 'settings-pipeline-phone');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    await page.goto('/#/commonProspects');
    await page.getByTestId('pipeline-board').waitFor();
    await pickOption(page, 'prospects-pipeline', SIDE_PIPELINE);
    await page.getByRole('button', { name: `Open ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Opportunity: ${title}` });
    await dialog.getByTestId('stage-history').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await screenshot(page, 'opportunity-dialog-phone');
  });
});

describe('the opportunity dialog', () => {
  it('shows the stage history, edits the details, and attaches the record of advice that Won needs', async () => {
    const subject = uniqueWord('Advice record');
    const template = await ukAdmin.request<{ id: number }>('POST', `/api/notetemplate/${company()}`, {
      subject,
      body: '<p>Needs analysis</p>',
    });
    const client = await prospect('Advice');
    const title = `Advice plan ${client.id}`;
    const opportunity = await opportunityFor(client.id, title);
    const side = await sidePipeline();
    await ukAdmin.request('POST', `/api/opportunity/move/${opportunity.id}`, { stageId: side.stages[1]?.id });
    const note = await addNote(ukAdmin, client.id, { subject, description: '<p>Advised a pension.</p>' });
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    try {
      // The rule, switched on in Settings for the company's note template.
      const list = await openPipelinesTab(page);
      await list.waitFor();
      const rule = page.getByTestId('advice-rule');
      await rule.locator('#settings-wonNeedsAdvice').click();
      await pickOption(page, 'settings-adviceTemplateId', subject);
      await rule.getByRole('button', { name: 'Save rule' }).click();
      expect(await toastWith(page, 'Updated the record of advice rule.')).toBe('Successful');
      expect(await ukAdmin.request('GET', `/api/prospect/settings/${company()}`)).toMatchObject({
        wonNeedsAdvice: true,
        adviceTemplateId: template.id,
        applies: true,
      });

      await page.getByRole('menuitem', { name: 'Prospects' }).click();
      await waitForHash(page, '#/commonProspects');
      await pickOption(page, 'prospects-pipeline', SIDE_PIPELINE);
      await page.getByRole('button', { name: `Open ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Opportunity: ${title}` });
      await dialog.waitFor();
      // Oldest first: where it opened, then each move, with who made it.
      const history = await dialog.getByTestId('stage-history').getByRole('listitem').allInnerTexts();
      expect(history).toHaveLength(2);
      expect(history[0]).toMatch(/^Opened in Review due by Eleanor Hughes, \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(history[1]).toMatch(/^Review due → Recommendation by Eleanor Hughes, /);
      expect(await visibleText(dialog)).toContain(
        `Won needs the record of advice attached: a note of the client with the subject "${subject}".`,
      );
      await expectNoSeriousViolations(page);
      // Emptied first: typing into a formatted amount keeps its decimals.
      await page.locator('#settings-value').fill('');
      await page.locator('#settings-value').pressSequentially('4200');
      await page.locator('#settings-nextActionDate').fill('2031-04-15');
      await page.locator('#settings-title').click();
      await pickOption(page, 'settings-adviceNoteId', subject);
      await screenshot(page, 'opportunity-dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect(await toastWith(page, 'Updated opportunity.')).toBe('Successful');
      await dialog.waitFor({ state: 'detached' });
      const saved = await ukAdmin.request<Opportunity>('GET', `/api/opportunity/specific/${opportunity.id}`);
      expect(saved).toMatchObject({
        valueCents: 420_000,
        nextActionDate: '2031-04-15',
        adviceNoteId: note.id,
      });
      // With the record attached, Won is allowed.
      const won = side.stages.find((s) => s.kind === 'won');
      const moved = await ukAdmin.request<Opportunity>('POST', `/api/opportunity/move/${opportunity.id}`, {
        stageId: won?.id,
      });
      expect(moved.lifecycle).toBe('client');

      // The record's timeline shows each stage the opportunity entered.
      await page.goto(`/${recordHash(client.id, 'timeline')}`);
      const timeline = page.getByTestId('timeline');
      await timeline.getByText('Recommendation → Won').waitFor();
      const entry = timeline.getByRole('listitem').filter({ hasText: 'Review due → Recommendation' });
      expect(await visibleText(entry)).toContain(title);
      await expectNoSeriousViolations(page);
    } finally {
      await ukAdmin.request('PUT', `/api/prospect/settings/${company()}`, {
        wonNeedsAdvice: false,
        adviceTemplateId: null,
      });
    }
  });

  it('a new opportunity for an existing client, picked with the client search', async () => {
    const client = await createClient(ukAdmin, uniqueWord('Existing'), 'UK');
    const title = `Top-up ${client.id}`;
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await page.getByRole('menuitem', { name: 'Prospects' }).click();
    await waitForHash(page, '#/commonProspects');
    await page.getByTestId('pipeline-board').waitFor();
    await pickOption(page, 'prospects-pipeline', SIDE_PIPELINE);
    await page.getByTestId('stage-Review due').waitFor();
    await page.getByRole('button', { name: 'New opportunity' }).click();
    const dialog = page.getByRole('dialog', { name: 'New opportunity' });
    await dialog.waitFor();
    await page.locator('#settings-title').fill(title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('client-error').waitFor();
    expect(await visibleText(page.getByTestId('client-error'))).toBe('Choose the prospect or client.');
    await pickInSearch(page, 'settings-client', client.name);
    await page.locator('#settings-value').pressSequentially('250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await toastWith(page, `Opportunity "${title}" opened in Review due.`)).toBe('Successful');
    const list = await ukAdmin.request<{ data: Opportunity[] }>(
      'GET',
      `/api/opportunity/lazyloading/${company()}?clientId=${client.id}`,
    );
    expect(list.data.map((o) => [o.title, o.lifecycle, o.valueCents])).toEqual([[title, 'client', 25_000]]);
  });
});

describe('consent (POPIA section 69) on the client record', () => {
  it('the consent rule refuses a second e-mail; after recording consent given, it sends', async () => {
    const client = await prospect('Consent');
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    const openRecord = async () => {
      await page.goto(`/${recordHash(client.id)}`);
      await waitForRecord(page, client.name);
    };
    const consent = page.getByTestId('consent-state');
    const sendEmail = async (subject: string) => {
      await page.getByRole('button', { name: `Send Email: ${client.name}` }).click();
      await page.locator('#cf-emailSubject').fill(subject);
      await page.locator('#cf-emailMessage').fill('About your pension review.');
      await page.getByRole('button', { name: 'Send e-mail', exact: true }).click();
    };
    await openRecord();
    expect(await visibleText(consent)).toBe('Not asked yet');
    await expectNoSeriousViolations(page);

    // The first e-mail is the one request for consent.
    await sendEmail('May we keep in touch?');
    expect(await toastWith(page, 'Sent email.')).toBe('Successful');
    await waitForSettled(ukAdmin);
    await openRecord();
    expect(await visibleText(consent)).toBe('Asked, no answer yet');

    // A second is refused, and the panel says why.
    await sendEmail('Your review');
    const refusal = page.getByTestId('send-problems').filter({ hasText: 'POPIA section 69' });
    await refusal.waitFor();
    await screenshot(page, 'consent-refused');
    // The toast says it too, not "try again" (trying again cannot mend it).
    await toastWith(page, 'has been asked for consent once already');
    expect(await visibleText(refusal)).toContain('record their consent before sending another e-mail or SMS');

    // Consent recorded as given on the record: the next e-mail goes.
    await openRecord();
    const card = page.getByTestId('record-consent');
    await card.getByRole('button', { name: 'Record consent' }).click();
    await card.getByText('Choose whether consent was given or refused.').waitFor();
    await card.getByLabel('Given').check();
    await pickOption(page, 'consent-channel', 'Phone');
    await card.getByRole('button', { name: 'Record consent' }).click();
    expect(await toastWith(page, 'Recorded consent.')).toBe('Successful');
    await consent.filter({ hasText: 'Given' }).waitFor();
    expect(await visibleText(card)).toContain('Phone');
    await screenshot(page, 'record-consent');
    await expectNoSeriousViolations(page);
    await sendEmail('Your review');
    expect(await toastWith(page, 'Sent email.')).toBe('Successful');
    await waitForSettled(ukAdmin);
  });
});

describe('a call linked to what it was about', () => {
  it('links an open opportunity of the caller (Prospects menu) and an appointment (any menu)', async () => {
    const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const client = await createClient(ukAdmin, uniqueWord('Linked'), 'UK');
    await ukAdmin.request('PUT', `/api/client1/${client.id}`, { mobile: `+447400${digits}` });
    const title = `Call about ${client.id}`;
    const opportunity = await opportunityFor(client.id, title);
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await page.getByRole('menuitem', { name: 'Phone Calls' }).click();
    await waitForHash(page, '#/commonPhoneCalls');
    await page.getByRole('button', { name: 'Log a call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log a call' });
    await dialog.locator('#settings-number').fill(`07400 ${digits}`);
    await dialog.getByTestId('caller-card').filter({ hasText: client.name }).waitFor();
    await pickOption(page, 'settings-opportunityId', title);
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await toastWith(page, 'Call logged.')).toBeTruthy();
    const calls = await ukAdmin.request<{ data: { clientId: number; opportunityId: number | null }[] }>(
      'GET',
      `/api/call/lazyloading/${company()}?clientId=${client.id}`,
    );
    expect(calls.data).toEqual([
      expect.objectContaining({ clientId: client.id, opportunityId: opportunity.id }),
    ]);

    // The practice (no Prospects): the appointment picker only.
    const zaDigits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const zaClient = await createClient(zaAdmin, uniqueWord('Booked'), 'ZA');
    await zaAdmin.request('PUT', `/api/client1/${zaClient.id}`, { mobile: `+2782${zaDigits}1` });
    const { types, practitioners } = await diarySetup(zaAdmin);
    const type = types[0];
    const practitioner = practitioners.find((p) => p.active === 'Y');
    if (!type || !practitioner) throw new Error('no appointment type or practitioner');
    // A weekday next week at 10:00, over whatever the busy demo diary has then.
    const day = new Date(Date.now() + 7 * 86_400_000);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
    const booked = await book(zaAdmin, {
      clientId: zaClient.id,
      practitionerId: practitioner.userId,
      typeId: type.id,
      start: `${day.toISOString().slice(0, 10)}T10:00`,
      allowOverlap: true,
    });
    const za = await suite.open();
    await signInAs(za.page, 'za.admin');
    await za.page.getByRole('menuitem', { name: 'Phone Calls' }).click();
    await za.page.getByRole('button', { name: 'Log a call' }).click();
    const zaDialog = za.page.getByRole('dialog', { name: 'Log a call' });
    await zaDialog.locator('#settings-number').fill(`082 ${zaDigits.slice(0, 3)} ${zaDigits.slice(3)}1`);
    await zaDialog.getByTestId('caller-card').filter({ hasText: zaClient.name }).waitFor();
    expect(await za.page.locator('#settings-opportunityId').count()).toBe(0);
    await pickOption(za.page, 'settings-appointmentId', type.name);
    await zaDialog.getByRole('button', { name: 'Save' }).click();
    expect(await toastWith(za.page, 'Call logged.')).toBeTruthy();
    const zaCalls = await zaAdmin.request<{ data: { appointmentId: number | null }[] }>(
      'GET',
      `/api/call/lazyloading/${zaAdmin.user.companyId}?clientId=${zaClient.id}`,
    );
    expect(zaCalls.data.map((c) => c.appointmentId)).toEqual([booked.id]);
  });
});
