import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { useBrowserSuite } from './support/browser.ts';
import * as settings from './support/settings.ts';
import { startSettings } from './support/settings-data.ts';

const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');

// Written out (not imported from the contracts) so a wrong text there fails here.
const NO_OPTIONS = 'A choice needs at least one option.';
const READ_ONLY = 'Only an administrator can change forms.';

interface Summary {
  id: number;
  name: string;
  published: { id: number; version: number } | null;
  draft: { id: number; version: number } | null;
}
interface Item {
  linkId: string;
  type: string;
  text?: string;
  required?: boolean;
  definition?: string;
  enableWhen?: { question: string; operator: string; answerBoolean?: boolean }[];
  answerOption?: { valueCoding?: { code: string; display?: string } }[];
  item?: Item[];
}

const formsOf = () => zaAdmin.request<Summary[]>('GET', `/api/form/all/${zaAdmin.user.companyId}`);

async function openForms(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Forms' }).click();
  const list = page.getByRole('region', { name: 'Forms' });
  await list.waitFor();
  await list.getByText(/Please wait/).waitFor({ state: 'hidden' });
  return list;
}

/** Opens a builder Dropdown (by its input's id) and picks the option with this exact label. */
async function pick(page: Page, id: string, label: string): Promise<void> {
  await page.locator('.p-dropdown', { has: page.locator(`#${id}`) }).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: label, exact: true }).click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

async function addItem(page: Page, type: string, text: string, linkId?: string): Promise<void> {
  await pick(page, 'fb-new-type', type);
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.locator('#fb-text').fill(text);
  if (linkId) {
    await page.locator('#fb-linkId').fill(linkId);
    await page.locator('#fb-linkId').press('Enter');
  }
}

/** Drags an item of the outline by its grip with the mouse onto a drop place. */
async function dragInto(page: Page, linkId: string, dropTestId: string): Promise<void> {
  const handle = await page.getByTestId(`form-drag-${linkId}`).boundingBox();
  if (!handle) throw new Error(`No grip for ${linkId}`);
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + 12, { steps: 4 });
  const zone = page.getByTestId(dropTestId);
  await zone.waitFor();
  const box = await zone.boundingBox();
  if (!box) throw new Error(`No drop place ${dropTestId}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await zone.waitFor({ state: 'detached' });
}

const outline = (page: Page) => page.getByRole('list', { name: 'Items of the form' });
const outlineIds = async (page: Page) =>
  (await outline(page)
    .locator('[data-testid^="form-outline-"]')
    .evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-testid')?.replace('form-outline-', '')),
    )) as string[];

describe('settings: the form builder (issue 18, part 2)', () => {
  it('an administrator builds a form with a condition and a record field, corrects a problem, publishes it', async () => {
    const page = await startSettings(suite, 'za.admin');
    const name = settings.unique('Intake');
    const list = await openForms(page);

    // A blank form: created as a draft, opened in the builder.
    await list.getByRole('button', { name: 'New form' }).click();
    await settings.waitForDialog(page, 'New form');
    await settings.field(page, 'name').fill(name);
    await settings.saveDialog(page, 'New form');
    await settings.toast(page, `Created form "${name}".`);
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await page.getByText('A form needs at least one question.').waitFor();

    // A yes/no question, a number shown only when it is yes, a surname that fills the record.
    await addItem(page, 'Yes / no', 'Do you smoke?', 'smoker');
    await addItem(page, 'Whole number', 'Cigarettes a day', 'perDay');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await pick(page, 'fb-enableWhen-0-question', 'Do you smoke? (smoker)');
    await pick(page, 'fb-enableWhen-0-operator', 'equals');
    await pick(page, 'fb-enableWhen-0-answer', 'Yes');
    await addItem(page, 'Short answer', 'Surname', 'surname');
    await page.getByText('Required', { exact: true }).click();
    await pick(page, 'fb-definition', 'Surname');

    // The surname moves up with the keyboard: Alt+↑ on the chosen item, focus stays on it.
    await outline(page).getByTestId('form-outline-surname').focus();
    await page.keyboard.press('Alt+ArrowUp');
    expect(await outlineIds(page)).toEqual(['smoker', 'surname', 'perDay']);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('form-outline-surname');

    // A choice without options (added after the chosen item) is a problem, listed by item; publishing waits.
    await addItem(page, 'Choice', 'How did you hear of us?', 'heard');
    const problem = page.getByRole('button', { name: `How did you hear of us?: ${NO_OPTIONS}` });
    await problem.waitFor();
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    await outline(page).getByTestId('form-outline-smoker').click();
    await problem.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fb-answerOption');
    await page.getByRole('button', { name: 'Add option', exact: true }).click();
    await page.locator('#fb-answerOption-0-valueCoding-display').fill('A friend');
    await page.getByRole('button', { name: 'Add option', exact: true }).click();
    await page.locator('#fb-answerOption-1-valueCoding-display').fill('The internet');

    // A group, and the number dragged into it by its grip (the group is a problem while empty).
    await addItem(page, 'Group', 'About smoking', 'smoking');
    await page.getByRole('button', { name: 'About smoking: A group needs at least one item.' }).waitFor();
    await dragInto(page, 'perDay', 'drop-into-3');
    expect(await outlineIds(page)).toEqual(['smoker', 'surname', 'heard', 'smoking', 'perDay']);
    await page.getByText('No problems: this form can be published.').waitFor();

    // A form without a name is a problem too; choosing it focuses the name.
    await page.locator('#fb-title').fill('');
    await page.getByRole('button', { name: `Name: ${settings.REQUIRED}` }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fb-title');
    await page.locator('#fb-title').fill(name);
    await page.getByText('No problems: this form can be published.').waitFor();
    await settings.screenshot(page, 'settings-form-builder');
    // Editing fits a phone too: the choice's options and the number's condition at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await outline(page).getByTestId('form-outline-perDay').click();
    await page.locator('#fb-enableWhen-0-question').waitFor({ state: 'attached' });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await outline(page).getByTestId('form-outline-heard').click();
    await page.locator('#fb-answerOption-1-valueCoding-code').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await settings.screenshot(page, 'settings-form-builder-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Leaving with unsaved changes asks first.
    await page.getByRole('button', { name: 'All forms' }).click();
    const leave = page.locator('.p-confirm-dialog');
    await leave.getByText('Leave this page?').waitFor();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await leave.waitFor({ state: 'detached' });
    // So does another Settings tab (the address changes): staying keeps the builder and its changes.
    await page.getByRole('tab', { name: 'Products' }).click();
    await leave.getByText('Leave this page?').waitFor();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await page.locator('#fb-title').inputValue()).toBe(name);

    // The preview: the number shows only once the client says yes.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('form-preview');
    await preview.getByText('Do you smoke?').waitFor();
    expect(await preview.getByText('Cigarettes a day').count()).toBe(0);
    await preview.getByRole('radio', { name: 'Yes' }).check();
    await preview.getByLabel('Cigarettes a day').waitFor();
    await settings.screenshot(page, 'settings-form-preview');
    await page.getByRole('button', { name: 'Build' }).click();

    // Save, then publish with a confirmation: the version is read-only afterwards.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await settings.toast(page, `Saved the draft of "${name}".`);
    await page.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await settings.toast(page, `Published "${name}" as version 1.`);
    await page.getByTestId('form-published-read-only').waitFor();
    await page.getByRole('button', { name: 'Edit as version 2' }).waitFor();
    expect(await page.locator('#fb-text').isEditable()).toBe(false);

    const form = (await formsOf()).find((f) => f.name === name);
    expect(form?.published?.version).toBe(1);
    expect(form?.draft).toBeNull();
    const version = await zaAdmin.request<{ definition: { item: Item[] } }>(
      'GET',
      `/api/form/version/${form?.published?.id}`,
    );
    const items = version.definition.item;
    expect(items.map((i) => i.linkId)).toEqual(['smoker', 'surname', 'heard', 'smoking']);
    expect(items[3]?.item?.map((i) => i.linkId)).toEqual(['perDay']);
    expect(items[1]).toMatchObject({ required: true, definition: 'urn:practice-desk:lastName' });
    expect(items[3]?.item?.[0]?.enableWhen).toEqual([
      { question: 'smoker', operator: '=', answerBoolean: true },
    ]);
    expect(items[2]?.answerOption?.map((o) => o.valueCoding?.display)).toEqual(['A friend', 'The internet']);

    // Edits make version 2; version 1 stays as it was, shown as the client saw it.
    await page.getByRole('button', { name: 'Edit as version 2' }).click();
    await outline(page).getByTestId('form-outline-smoker').click();
    await page.locator('#fb-text').fill('Do you smoke or vape?');
    await page.getByRole('button', { name: 'Publish' }).click();
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await settings.toast(page, `Published "${name}" as version 2.`);
    await page.getByRole('button', { name: /^Version 1, published/ }).click();
    const earlier = await settings.waitForDialog(page, `${name}, version 1`);
    await earlier.getByText('Do you smoke?', { exact: true }).waitFor();
    await settings.expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await earlier.waitFor({ state: 'detached' });
    const latest = (await formsOf()).find((f) => f.name === name);
    expect(latest?.published?.version).toBe(2);

    // A draft of version 3, saved, then discarded from the list: version 2 stays.
    await page.getByRole('button', { name: 'Edit as version 3' }).click();
    await page.locator('#fb-description').fill('Please answer before your first visit.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await settings.toast(page, `Saved the draft of "${name}".`);
    await page.getByRole('button', { name: 'All forms' }).click();
    let forms = await openForms(page);
    expect(await settings.cells(settings.row(forms, name))).toEqual([
      name,
      'Version 2',
      'Version 3 (draft)',
      expect.any(String),
      'Edit Discard draft',
    ]);
    await forms.getByRole('button', { name: `Discard the draft of ${name}` }).click();
    const discard = page.locator('.p-confirm-dialog');
    await discard.getByRole('button', { name: 'Yes', exact: true }).click();
    await settings.toast(page, `Discarded the draft of "${name}".`);

    // The list shows it published; on a phone the builder fits and passes axe.
    forms = await openForms(page);
    expect(await settings.cells(settings.row(forms, name))).toEqual([
      name,
      'Version 2',
      'None',
      expect.any(String),
      'Edit',
    ]);
    expect((await formsOf()).find((f) => f.name === name)?.draft).toBeNull();
    await settings.expectNoSeriousViolations(page);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await settings.screenshot(page, 'settings-form-phone');
    await settings.expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('form-preview').waitFor();
    // The view buttons' colours fade (PrimeReact's transition): axe reads them once settled.
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    await settings.expectNoSeriousViolations(page);
  });

  it('a user without rights A reads a form but cannot change it', async () => {
    const name = settings.unique('Consent');
    const created = await zaAdmin.request<{ id: number }>('POST', `/api/form/${zaAdmin.user.companyId}`, {
      template: 'physiotherapy-consent',
      name,
    });
    await zaAdmin.request('POST', `/api/form/publish/${created.id}`);

    const page = await startSettings(suite, 'za.reception');
    const list = await openForms(page);
    expect(await list.getByRole('button', { name: 'New form' }).count()).toBe(0);
    await list.getByRole('button', { name: `View ${name}` }).click();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await page.getByText(READ_ONLY).waitFor();
    expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add item' }).count()).toBe(0);
    expect(await page.locator('#fb-title').isEditable()).toBe(false);
    expect(await page.locator('#fb-text').isEditable()).toBe(false);
    await outline(page).getByTestId('form-outline-firstName').click();
    expect(await page.locator('#fb-initial-0').isEditable()).toBe(false);
    expect(await page.locator('#fb-linkId').isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: 'Add condition' }).count()).toBe(0);
    await settings.expectNoSeriousViolations(page);
  });
});
