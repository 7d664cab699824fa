import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { createClient, screenshot, uniqueWord } from './support/client-records.ts';
import { openSettings, signInAs } from './support/settings.ts';

// Issue 18, part 4: the public fill page in a fresh phone-sized browser (no sign-in), on its own entry.
const suite = useBrowserSuite();
const [admin] = signedIn('za.admin');
afterAll(async () => {
  // Other files share the practice: its notice goes back to the default.
  await admin.request('PUT', `/api/company/${admin.user.companyId}/form-notice`, { notice: null });
});
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Every item type of the subset, with a question shown only for one answer. */
const definition = (title: string) => ({
  resourceType: 'Questionnaire',
  title,
  item: [
    { linkId: 'intro', type: 'display', text: 'Please answer as fully as you can.' },
    {
      linkId: 'about',
      type: 'group',
      text: 'About you',
      item: [
        {
          linkId: 'firstName',
          type: 'string',
          text: 'First name',
          required: true,
          definition: 'urn:practice-desk:firstName',
        },
        { linkId: 'dob', type: 'date', text: 'Date of birth', definition: 'urn:practice-desk:dob' },
        { linkId: 'height', type: 'decimal', text: 'Height in metres' },
        { linkId: 'visits', type: 'integer', text: 'Visits this year' },
      ],
    },
    { linkId: 'pain', type: 'boolean', text: 'Are you in pain?', required: true },
    {
      linkId: 'where',
      type: 'text',
      text: 'Where is the pain?',
      required: true,
      enableWhen: [{ question: 'pain', operator: '=', answerBoolean: true }],
    },
    {
      linkId: 'contact',
      type: 'choice',
      text: 'How should we contact you?',
      initial: [{ valueCoding: { code: 'sms' } }],
      answerOption: [
        { valueCoding: { code: 'sms', display: 'SMS' } },
        { valueCoding: { code: 'email', display: 'E-mail' } },
      ],
    },
    {
      linkId: 'heard',
      type: 'open-choice',
      text: 'How did you hear of us?',
      answerOption: [{ valueString: 'A friend' }, { valueString: 'The internet' }],
    },
    { linkId: 'allergies', type: 'string', text: 'Allergies', repeats: true },
    { linkId: 'referral', type: 'attachment', text: 'Referral letter (optional)' },
    { linkId: 'signature', type: 'signature', text: 'Signature', required: true },
  ],
});

async function publishedForm() {
  const title = `Fill ${uniqueWord('F')}`;
  const form = await admin.request<{ id: number }>('POST', `/api/form/${admin.user.companyId}`, {
    definition: definition(title),
  });
  await admin.request('POST', `/api/form/publish/${form.id}`);
  return form.id;
}

async function link(formId: number, clientId: number, channel: 'kiosk' | 'email') {
  const created = await admin.request<{ url: string; id: number }>(
    'POST',
    `/api/form/request/${admin.user.companyId}`,
    { formId, clientId, channel },
  );
  const url = new URL(created.url);
  expect(url.pathname).toBe('/f');
  return { path: `${url.pathname}${url.hash}`, id: created.id };
}

async function expectAccessible(page: Page, where: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${where}: ${describeViolations(violations)}`).toEqual([]);
}

/** A stroke across the pad, as a finger would draw it. */
async function sign(pad: Locator, page: Page) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? 15 : -15));
  await page.mouse.up();
}

describe('the public fill page (issue 18, part 4)', () => {
  it('kiosk: notice first, conditional question, checks, signature, submit, then the hand-back screen', async () => {
    const formId = await publishedForm();
    const client = await createClient(admin, uniqueWord('Kiosk'), 'ZA');
    const { path } = await link(formId, client.id, 'kiosk');
    const { page } = await suite.open(PHONE);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(path);
    await expect.poll(() => page.getByTestId('fill-notice').textContent()).toMatch(/Information Regulator/);
    expect(scripts.some((url) => /\/index-|primereact/.test(url))).toBe(false);
    await expectAccessible(page, 'notice');
    await screenshot(page, 'form-fill-notice-390');
    await page.getByTestId('fill-start').click();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe(client.name.split(' ')[0]);
    expect(await page.getByText('Where is the pain?').count()).toBe(0);
    await page.getByTestId('fill-submit').click();
    await expect.poll(() => page.getByTestId('error-pain').textContent()).toBe('Answer this question.');
    expect(await page.getByTestId('error-signature').textContent()).toBe('Sign here.');
    await expectAccessible(page, 'form with errors');
    await page.getByRole('group', { name: 'Are you in pain? *' }).getByLabel('Yes').check();
    await page.getByLabel('Where is the pain? *').fill('Lower back');
    await page.getByLabel('Height in metres').fill('1.7x');
    expect(await page.getByText('Enter a number.').count()).toBe(1);
    await page.getByLabel('Height in metres').fill('1.72');
    expect(await page.getByLabel('SMS').isChecked()).toBe(true); // the definition's first value
    await page.getByLabel('E-mail').check();
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByTestId('other-heard').fill('A poster');
    await page.getByLabel('Allergies', { exact: true }).fill('Penicillin');
    await page.getByRole('button', { name: 'Add another' }).click();
    await page.getByLabel('Allergies (2)').fill('Latex');
    await sign(page.getByTestId('signature-signature'), page);
    await expect.poll(() => page.getByText('Signed', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('fill-marketing').isChecked()).toBe(false);
    // Kiosk: Back does not leave the form.
    await page.goBack({ timeout: 2_000 }).catch(() => null);
    await page.getByTestId('fill-submit').waitFor();
    expect(page.url()).toContain('/f#');
    await screenshot(page, 'form-fill-kiosk-390');
    await page.getByTestId('fill-submit').click();
    await expect
      .poll(() => page.getByTestId('fill-kiosk-done').textContent())
      .toContain('Please hand the tablet back to reception.');
    expect(page.url()).not.toContain('#');
    await expectAccessible(page, 'hand-back screen');
    const requests = await admin.request<{ id: number; status: string; submissionId: number }[]>(
      'GET',
      `/api/form/requests/${admin.user.companyId}?clientId=${client.id}`,
    );
    const submission = await admin.request<{ response: { item: { linkId: string }[] } }>(
      'GET',
      `/api/form/submission/${requests[0]?.submissionId}`,
    );
    expect(submission.response.item.map((i) => i.linkId)).toEqual(
      expect.arrayContaining(['about', 'pain', 'where', 'contact', 'heard', 'signature']),
    );
    const allergies = submission.response.item.find((i) => i.linkId === 'allergies') as unknown as {
      answer: { valueString: string }[];
    };
    expect(allergies.answer.map((a) => a.valueString)).toEqual(['Penicillin', 'Latex']);
  });

  it('a used link and a withdrawn link show the refusal page; save-and-continue restores on another device', async () => {
    const formId = await publishedForm();
    const client = await createClient(admin, uniqueWord('Later'), 'ZA');
    const { path } = await link(formId, client.id, 'email');
    const first = await suite.open(PHONE);
    await first.page.goto(path);
    await first.page.getByTestId('fill-start').click();
    await first.page.getByRole('group', { name: 'Are you in pain? *' }).getByLabel('No').check();
    await first.page.getByLabel('Visits this year').fill('3');
    await first.page.getByTestId('fill-save').click();
    await expect.poll(() => first.page.getByTestId('fill-status').textContent()).toMatch(/saved/);
    // Another device: a fresh context opens the same link and continues.
    const second = await suite.open(PHONE);
    await second.page.goto(path);
    await second.page.getByRole('button', { name: 'Continue where you left off' }).click();
    expect(await second.page.getByLabel('Visits this year').inputValue()).toBe('3');
    expect(
      await second.page.getByRole('group', { name: 'Are you in pain? *' }).getByLabel('No').isChecked(),
    ).toBe(true);
    await sign(second.page.getByTestId('signature-signature'), second.page);
    await expect.poll(() => second.page.getByText('Signed', { exact: true }).count()).toBe(1);
    await second.page.getByTestId('fill-submit').click();
    await expect
      .poll(() => second.page.getByTestId('fill-thanks').textContent())
      .toMatch(/has received your form/);
    const again = await suite.open(PHONE);
    await again.page.goto(path);
    await expect.poll(() => again.page.getByTestId('fill-gone').textContent()).toMatch(/already submitted/);
    await expectAccessible(again.page, 'used link');
    await screenshot(again.page, 'form-fill-used-390');
    const withdrawn = await link(formId, client.id, 'kiosk');
    await admin.request('DELETE', `/api/form/request/${withdrawn.id}`);
    await again.page.goto(withdrawn.path);
    await again.page.reload();
    await expect.poll(() => again.page.getByTestId('fill-gone').textContent()).toMatch(/withdrew it/);
  });

  it('a client under 18 by the answered date of birth needs a parent or guardian’s details and signature', async () => {
    const formId = await publishedForm();
    const client = await createClient(admin, uniqueWord('Minor'), 'ZA');
    const { page } = await suite.open(PHONE);
    await page.goto((await link(formId, client.id, 'email')).path);
    await page.getByTestId('fill-start').click();
    expect(await page.getByTestId('fill-guardian').count()).toBe(0);
    await page.getByLabel('Date of birth').fill('2014-06-01');
    await page.getByTestId('fill-guardian').waitFor();
    await page.getByRole('group', { name: 'Are you in pain? *' }).getByLabel('No').check();
    await sign(page.getByTestId('signature-signature'), page);
    await page.getByTestId('fill-submit').click();
    await expect
      .poll(() => page.getByTestId('error-guardian.name').textContent())
      .toMatch(/parent or guardian/);
    expect(await page.getByTestId('error-guardian.signature').textContent()).toMatch(/signs here/);
    await expectAccessible(page, 'guardian section with errors');
    await page.getByLabel('Parent or guardian’s full name *').fill('Sipho Dlamini');
    await page.getByLabel('Relationship to the client *').fill('Father');
    // The keyboard alternative: the typed name becomes the guardian's signature.
    const guardian = page.getByTestId('fill-guardian');
    await guardian.getByLabel('Or type your full name').fill('Sipho Dlamini');
    await guardian.getByRole('button', { name: 'Use typed name' }).click();
    await expect.poll(() => guardian.getByText('Signed', { exact: true }).count()).toBe(1);
    await page.getByTestId('fill-submit').click();
    await page.getByTestId('fill-thanks').waitFor();
  });

  it('an administrator writes the practice’s own privacy notice in Settings > Company; the fill page shows it', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await openSettings(page);
    await page.getByRole('tab', { name: /Company$/ }).click();
    const section = page.getByTestId('company-form-notice');
    await expect
      .poll(() => section.getByTestId('company-form-notice-state').textContent())
      .toMatch(/default/);
    const own = `Our own notice ${uniqueWord('N')}.\n\nWrite to privacy@example.com with any question.`;
    await section.getByRole('textbox', { name: 'Notice' }).fill(own);
    await section.getByRole('button', { name: 'Save notice' }).click();
    await expect
      .poll(() => section.getByTestId('company-form-notice-state').textContent())
      .toMatch(/own notice/);
    await expectAccessible(page, 'settings company tab');
    const formId = await publishedForm();
    const client = await createClient(admin, uniqueWord('Notice'), 'ZA');
    const phone = await suite.open(PHONE);
    await phone.page.goto((await link(formId, client.id, 'email')).path);
    await expect
      .poll(() => phone.page.getByTestId('fill-notice').textContent())
      .toContain(own.split('\n')[0]);
    await section.getByRole('button', { name: 'Go back to the default notice' }).click();
    await expect
      .poll(() => section.getByTestId('company-form-notice-state').textContent())
      .toMatch(/default/);
  });
});
