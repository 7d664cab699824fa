import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  addNote,
  clientNotes,
  drawStroke,
  dropdownText,
  isInk,
  MESSAGES,
  noteMenu,
  noteRow,
  notesTable,
  openNotePanel,
  PNG_PREFIX,
  pick,
  recordRequests,
  screenshot,
  signInAs,
  TABS,
  toastWith,
  unique,
  waitForPanel,
} from './support/client-notes.ts';
import { createZaClient, openClients, rowMenu } from './support/clients.ts';

let admin: ApiClient;
let reception: ApiClient;
let client: { id: number; name: string };

const suite = useBrowserSuite(async () => {
  [admin, reception] = await ApiClient.signInAll('za.admin', 'za.reception');
  client = await createZaClient(admin, unique('Notes').replace(' ', ''), 'Noteworthy');
});

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(describeViolations(await seriousViolations(page))).toBe('');
}

const editor = (page: Page) => page.locator('#cf-richText');
const canvas = (page: Page) => page.locator('canvas#cf-drawing');
const addButton = (page: Page) => page.getByRole('button', { name: 'Add', exact: true });

async function openAddNote(page: Page): Promise<void> {
  await openNotePanel(page, TABS.add, client.id);
  await pick(page, 'note-action', 'New note');
  await page.locator('#cf-subject').waitFor();
}

describe('client notes', () => {
  it('adds a rich-text note with bold text from the row menu; checks the choice, defaults and required subject', async () => {
    const app = await suite.open();
    const { page } = app;
    const posts = recordRequests(page, 'POST', /^\/api\/note1\//);
    // The list shows this client only; its row menu now offers the note actions.
    await openClients(page, 'za.admin', `?inputActiveTab=1&inputClientId=${client.id}`);
    const entries = await rowMenu(page, client.name);
    expect(entries).toEqual(expect.arrayContaining(['Add Note', 'View Notes']));
    await page.getByRole('menuitem', { name: 'Add Note' }).click();
    await waitForPanel(page, TABS.add, client.id);

    // Spec section 5: Add with an empty action choice.
    await addButton(page).click();
    expect(await toastWith(page, MESSAGES.selectValid)).toBe('Error');
    await expectNoSeriousViolations(page);

    await pick(page, 'note-action', 'New note');
    // Spec section 4: type P, format R, sharable N, editable N (hidden), status A, empty body.
    expect(await dropdownText(page, 'cf-type')).toBe('Personal');
    expect(await dropdownText(page, 'cf-format')).toBe('Rich text');
    expect(await dropdownText(page, 'cf-sharable')).toBe('No');
    expect(await dropdownText(page, 'cf-status')).toBe('Active');
    expect(await page.locator('#cf-editable').count()).toBe(0);
    expect((await editor(page).textContent())?.trim()).toBe('');

    // Editable is offered only when sharable is Y.
    await pick(page, 'cf-sharable', 'Yes');
    expect(await dropdownText(page, 'cf-editable')).toBe('No');
    await pick(page, 'cf-sharable', 'No');
    await page.locator('#cf-editable').waitFor({ state: 'detached' });

    // The subject is required: nothing is sent.
    await addButton(page).click();
    expect(await page.getByTestId('subject-error').textContent()).toBe(MESSAGES.required);
    expect(posts).toEqual([]);

    const subject = unique('Bold note');
    await page.locator('#cf-subject').fill(subject);
    await editor(page).click();
    await page.keyboard.type('Seen today, ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('important words');
    await page.keyboard.press('Control+B');
    await page.keyboard.type(' then plain.');
    await expectNoSeriousViolations(page);
    await screenshot(page, 'notes-tab8-rich');

    await addButton(page).click();
    expect(await toastWith(page, MESSAGES.added)).toBe('Successful');
    await waitForPanel(page, TABS.list, client.id);
    expect(posts).toHaveLength(1);
    const table = await notesTable(page);
    await noteRow(table, subject).waitFor();
    const stored = (await clientNotes(admin, client.id)).find((n) => n.subject === subject);
    expect(stored).toMatchObject({ type: 'P', format: 'R', sharable: 'N', editable: 'N', status: 'A' });
    expect(stored?.description).toContain('<strong>important words</strong>');
    await expectNoSeriousViolations(page);
    await screenshot(page, 'notes-tab9');

    const { entries: noteEntries, menu } = await noteMenu(page, stored?.id ?? 0);
    expect(noteEntries).toEqual(['View', 'Update', 'Delete']);
    await menu.getByRole('menuitem', { name: 'View' }).click();
    await waitForPanel(page, TABS.view, client.id, stored?.id);
    const body = page.getByTestId('note-body');
    expect(await body.locator('strong').textContent()).toBe('important words');
    expect(await page.getByTestId('note-subject').textContent()).toBe(subject);
    expect(await page.getByTestId('note-meta').textContent()).toContain('Thandi Mokoena');
    await screenshot(page, 'notes-tab20');
    await page.getByRole('button', { name: 'Back to the notes' }).click();
    await waitForPanel(page, TABS.list, client.id);
  });

  it('draws a freehand note: strokes, undo stroke by stroke, clear, and saves a PNG shown as an image', async () => {
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await openAddNote(page);
    await pick(page, 'cf-format', 'Freehand drawing');
    const board = canvas(page);
    await board.waitFor();
    expect(
      await board.evaluate((c) => [(c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height]),
    ).toEqual([800, 1500]);
    expect(await board.evaluate((c) => getComputedStyle(c).touchAction)).toBe('none');
    const undo = page.getByRole('button', { name: 'Undo' });
    const clear = page.getByRole('button', { name: 'Clear' });
    expect(await undo.isDisabled()).toBe(true);

    await drawStroke(page, board, [
      [40, 60],
      [200, 60],
    ]);
    await drawStroke(page, board, [
      [60, 200],
      [60, 320],
    ]);
    expect(await board.getAttribute('data-strokes')).toBe('2');
    expect(await isInk(board, 120, 60)).toBe(true);
    expect(await isInk(board, 60, 260)).toBe(true);
    expect(await isInk(board, 300, 400)).toBe(false);

    await undo.click();
    expect(await isInk(board, 60, 260)).toBe(false);
    expect(await isInk(board, 120, 60)).toBe(true);
    await clear.click();
    expect(await isInk(board, 120, 60)).toBe(false);
    expect(await undo.isDisabled()).toBe(true);

    // Saving an empty drawing is refused before anything is sent.
    const subject = unique('Drawing');
    await page.locator('#cf-subject').fill(subject);
    await addButton(page).click();
    await page.getByTestId('drawing-error').waitFor();

    await drawStroke(page, board, [
      [100, 100],
      [300, 150],
      [500, 100],
    ]);
    await drawStroke(page, board, [
      [100, 300],
      [500, 300],
    ]);
    await page.getByTestId('drawing-error').waitFor({ state: 'detached' });
    await screenshot(page, 'notes-tab8-drawing');
    await addButton(page).click();
    expect(await toastWith(page, MESSAGES.added)).toBe('Successful');
    await waitForPanel(page, TABS.list, client.id);

    const stored = (await clientNotes(admin, client.id)).find((n) => n.subject === subject);
    expect(stored?.format).toBe('F');
    expect(stored?.description.startsWith(PNG_PREFIX)).toBe(true);
    await openNotePanel(page, TABS.view, client.id, stored?.id);
    const image = page.getByTestId('note-body').locator('img');
    await image.waitFor();
    expect((await image.getAttribute('src'))?.startsWith(PNG_PREFIX)).toBe(true);
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="note-body"] img') as HTMLImageElement)?.naturalWidth === 800,
    );
    await screenshot(page, 'notes-tab20-drawing');

    // Update: the saved drawing is on the canvas to draw on top of.
    await openNotePanel(page, TABS.update, client.id, stored?.id);
    const again = canvas(page);
    await again.waitFor();
    await page.waitForFunction(() => {
      const c = document.querySelector('canvas#cf-drawing') as HTMLCanvasElement | null;
      const pixel = c?.getContext('2d')?.getImageData(300, 300, 1, 1).data;
      return Boolean(pixel && (pixel[0] ?? 255) < 128);
    });
    await page.getByRole('button', { name: 'Clear (start again)' }).waitFor();
    await drawStroke(page, again, [
      [600, 50],
      [600, 400],
    ]);
    expect(await isInk(again, 600, 200)).toBe(true);
    expect(await isInk(again, 300, 300)).toBe(true);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    expect(await toastWith(page, MESSAGES.updated)).toBe('Successful');
    await waitForPanel(page, TABS.list, client.id);
    const changed = (await clientNotes(admin, client.id)).find((n) => n.id === stored?.id);
    expect(changed?.description.startsWith(PNG_PREFIX)).toBe(true);
    expect(changed?.description).not.toBe(stored?.description);
  });

  it('adds a note from a template (the Add note choice leads to tab 25)', async () => {
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await openNotePanel(page, TABS.add, client.id);
    await pick(page, 'note-action', 'From template');
    await addButton(page).click();
    await waitForPanel(page, TABS.template, client.id);
    // Add with no template chosen.
    await addButton(page).click();
    expect(await toastWith(page, MESSAGES.selectValid)).toBe('Error');
    const before = (await clientNotes(admin, client.id)).length;
    await pick(page, 'note-template', 'Initial assessment');
    await page.locator('.note-template-preview').getByText('Presenting complaint').waitFor();
    await screenshot(page, 'notes-tab25');
    await addButton(page).click();
    expect(await toastWith(page, MESSAGES.added)).toBe('Successful');
    await waitForPanel(page, TABS.list, client.id);
    const notes = await clientNotes(admin, client.id);
    expect(notes).toHaveLength(before + 1);
    const made = notes.find((n) => n.subject === 'Initial assessment');
    expect(made?.description).toContain('Presenting complaint');
    await noteRow(await notesTable(page), 'Initial assessment')
      .first()
      .waitFor();
  });

  it("updates a note's subject from the row menu", async () => {
    const note = await addNote(admin, client.id, {
      subject: unique('Old subject'),
      description: '<p>kept</p>',
    });
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await openNotePanel(page, TABS.list, client.id);
    await notesTable(page);
    const { menu } = await noteMenu(page, note.id);
    await menu.getByRole('menuitem', { name: 'Update' }).click();
    await waitForPanel(page, TABS.update, client.id, note.id);
    expect(await page.locator('#cf-subject').inputValue()).toBe(note.subject);
    expect(await page.locator('#cf-richText').textContent()).toContain('kept');
    const subject = unique('New subject');
    await page.locator('#cf-subject').fill(subject);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    expect(await toastWith(page, MESSAGES.updated)).toBe('Successful');
    await waitForPanel(page, TABS.list, client.id);
    await noteRow(await notesTable(page), subject).waitFor();
    const stored = (await clientNotes(admin, client.id)).find((n) => n.id === note.id);
    expect(stored).toMatchObject({ subject, description: '<p>kept</p>' });
  });

  it('deletes a note only with Yes, then lands on the notes without it', async () => {
    const note = await addNote(admin, client.id, { subject: unique('Doomed') });
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await openNotePanel(page, TABS.list, client.id);
    await notesTable(page);
    const { menu } = await noteMenu(page, note.id);
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    await waitForPanel(page, TABS.remove, client.id, note.id);
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    // Spec section 4: the confirmation defaults to No, and No deletes nothing.
    expect(await page.getByLabel('No, keep this note').isChecked()).toBe(true);
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('Yes, delete this note').check();
    await remove.click();
    expect(await toastWith(page, MESSAGES.deleted)).toBe('Successful');
    await waitForPanel(page, TABS.list, client.id);
    const table = await notesTable(page);
    expect(await noteRow(table, note.subject).count()).toBe(0);
    expect((await clientNotes(admin, client.id)).some((n) => n.id === note.id)).toBe(false);
  });

  it("hides another user's unshared note; a shared, non-editable one is view-only", async () => {
    const secret = await addNote(admin, client.id, { subject: unique('Private') });
    const shared = await addNote(admin, client.id, {
      subject: unique('Shared'),
      sharable: 'Y',
      editable: 'N',
    });
    const seen = await clientNotes(reception, client.id);
    expect(seen.some((n) => n.id === secret.id)).toBe(false);
    expect(seen.find((n) => n.id === shared.id)?.canEdit).toBe(false);

    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.reception');
    await openNotePanel(page, TABS.list, client.id);
    const table = await notesTable(page);
    await noteRow(table, shared.subject).waitFor();
    expect(await noteRow(table, secret.subject).count()).toBe(0);
    const { entries } = await noteMenu(page, shared.id);
    expect(entries).toEqual(['View']);
    // Straight to the address of the private note: not found, like a missing one.
    await openNotePanel(page, TABS.view, client.id, secret.id);
    await page.getByTestId('panel-notice').waitFor();
    expect(await page.getByText(secret.subject).count()).toBe(0);
  });
});
