import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ApiClient } from './api.ts';
import { SCREENSHOT_DIR, signIn, waitForHash } from './app.ts';
import { type AppPage, baseUrl } from './browser.ts';
import { roleCase } from './demo.ts';

export { toastWith } from './app.ts';
export { SCREENSHOT_DIR };

// Written out (not imported from the contracts or the app) so a wrong catalogue entry fails here.
export const MESSAGES = {
  added: 'Added note for client.',
  updated: 'Updated note for client.',
  deleted: 'Deleted note for client.',
  selectValid: 'Please select a valid option.',
  required: 'Field is required.',
  loading: 'Loading notes. Please wait.',
  empty: 'No notes found.',
} as const;
export const PNG_PREFIX = 'data:image/png;base64,';
export const TABS = { add: 8, list: 9, view: 20, update: 21, remove: 23, template: 25 } as const;

export interface StoredNote {
  id: number;
  clientId: number;
  authorId: number;
  authorName: string;
  subject: string;
  description: string;
  type: 'P' | 'C';
  format: 'R' | 'F';
  sharable: 'Y' | 'N';
  editable: 'Y' | 'N';
  status: 'A' | 'I';
  canEdit: boolean;
}

export interface StoredTemplate {
  id: number;
  companyId: number;
  subject: string;
  body: string;
}

/** A name no other test (of this or another file on the shared server) will use. */
export function unique(prefix: string): string {
  const letters = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')
    .slice(-8);
  return `${prefix} ${letters}`;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

// --- API fixtures -------------------------------------------------------------------------------

export function addNote(api: ApiClient, clientId: number, note: Partial<StoredNote> & { subject: string }) {
  return api.request<StoredNote>('POST', `/api/note1/client/${clientId}`, note);
}

export function clientNotes(api: ApiClient, clientId: number): Promise<StoredNote[]> {
  return api.request('GET', `/api/note1/client/${clientId}`);
}

export function noteTemplates(api: ApiClient): Promise<StoredTemplate[]> {
  return api.request('GET', `/api/notetemplate/${api.user.companyId}`);
}

// --- The panels ---------------------------------------------------------------------------------

export const panelHash = (tab: number, clientId: number, itemId?: number) =>
  `#/commonClients?inputActiveTab=${tab}&inputClientId=${clientId}${itemId === undefined ? '' : `&inputItemId=${itemId}`}`;

export async function signInAs(page: Page, username: string): Promise<void> {
  await signIn(page, username, roleCase(username).title);
}

/** Opens a note panel from the address, as the Clients page accepts it, and waits for its heading. */
export async function openNotePanel(
  page: Page,
  tab: number,
  clientId: number,
  itemId?: number,
): Promise<void> {
  await page.goto(`/${panelHash(tab, clientId, itemId)}`);
  await panelHeading(page).waitFor();
}

export const panelHeading = (page: Page): Locator => page.locator('#note-panel-heading');

export async function waitForPanel(page: Page, tab: number, clientId: number, itemId?: number) {
  await waitForHash(page, panelHash(tab, clientId, itemId));
  await panelHeading(page).waitFor();
}

/** The notes table of tab 9, once loaded. */
export async function notesTable(page: Page): Promise<Locator> {
  const table = page.getByRole('table', { name: 'Notes' });
  await table.waitFor();
  await page.waitForFunction((loading) => {
    const summary = document.querySelector('[data-testid="notes-summary"]');
    return summary && !summary.textContent?.includes(loading);
  }, MESSAGES.loading);
  return table;
}

/** The row of the notes table whose Subject cell holds exactly this text. */
export const noteRow = (table: Locator, subject: string): Locator =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: subject, exact: true }) });

/** Opens a note row's menu and answers its entries. */
export async function noteMenu(page: Page, noteId: number): Promise<{ entries: string[]; menu: Locator }> {
  const opener = page.getByRole('button', { name: `Actions for note ${noteId}`, exact: true });
  await opener.click();
  const menu = page.locator(`[id="${await opener.getAttribute('aria-controls')}"]`);
  await menu.waitFor();
  const entries = await menu
    .getByRole('menuitem')
    .evaluateAll((items) => items.map((i) => i.textContent?.trim() ?? ''));
  return { entries, menu };
}

/** Opens a PrimeReact Dropdown (by the id of its input) and picks the option with this exact label. */
export async function pick(page: Page, inputId: string, label: string): Promise<void> {
  await page.locator('.p-dropdown', { has: page.locator(`[id="${inputId}"]`) }).click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.getByRole('option', { name: label, exact: true }).click();
  await panel.waitFor({ state: 'detached' });
}

export async function dropdownText(page: Page, inputId: string): Promise<string> {
  const label = page
    .locator('.p-dropdown', { has: page.locator(`[id="${inputId}"]`) })
    .locator('.p-dropdown-label');
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered label is what the user sees
  return (await label.innerText()).trim();
}

/** Waits for a toast with this text and answers its summary. */

/** Every request of the page with this method whose path matches. */
export function recordRequests(page: Page, method: string, path: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

// --- Drawing ------------------------------------------------------------------------------------

/** Draws one stroke through the points (canvas pixels) with the mouse: down, moves, up. */
export async function drawStroke(page: Page, canvas: Locator, points: [number, number][]): Promise<void> {
  // The canvas (1500 high) sits in a shorter scrolling box: bring that box, at its top, into view.
  await canvas.evaluate((node) => node.parentElement?.scrollIntoView({ block: 'center' }));
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The canvas is not visible');
  const [first, ...rest] = points;
  if (!first) return;
  await page.mouse.move(box.x + first[0], box.y + first[1]);
  await page.mouse.down();
  for (const [x, y] of rest) await page.mouse.move(box.x + x, box.y + y, { steps: 8 });
  await page.mouse.up();
}

/** Whether the canvas pixel at (x, y) is ink (dark) rather than paper. */
export function isInk(canvas: Locator, x: number, y: number): Promise<boolean> {
  return canvas.evaluate(
    (node, [px, py]) => {
      const ctx = (node as HTMLCanvasElement).getContext('2d');
      const data = ctx?.getImageData(px ?? 0, py ?? 0, 1, 1).data;
      return Boolean(data && (data[0] ?? 255) < 128 && (data[3] ?? 0) > 0);
    },
    [x, y],
  );
}

// --- XSS tripwire -------------------------------------------------------------------------------

export interface Tripwire {
  dialogs: string[];
  consoleErrors: string[];
  /** What the page's own alert, confirm, prompt and print recorded. */
  fired: () => Promise<string[]>;
}

/**
 * A fresh context with the tripwire installed before any script of the app runs. The page's CSP is
 * bypassed on purpose: the test must prove the sanitisers (server and DOMPurify) stop the payloads, not
 * that the policy happens to block inline handlers behind them.
 */
export async function openTrippedApp(browser: Browser): Promise<AppPage & Tripwire> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __xss: string[] };
    w.__xss = [];
    const trap =
      (name: string) =>
      (...args: unknown[]) => {
        w.__xss.push(`${name}(${args.map(String).join(', ')})`);
        return null;
      };
    window.alert = trap('alert');
    window.confirm = trap('confirm') as unknown as typeof window.confirm;
    window.prompt = trap('prompt') as unknown as typeof window.prompt;
    window.print = trap('print');
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  const dialogs: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const networkIdle = async () => {
    await page.waitForLoadState('networkidle');
  };
  const fired = () =>
    page.evaluate(() => (window as unknown as { __xss: string[] }).__xss ?? ['no tripwire']);
  return { context, page, problems, networkIdle, dialogs, consoleErrors, fired };
}

/** Anything executable left in the element: script-like tags, on* handlers, javascript: URLs. */
export function executableMarkup(root: Locator): Promise<string[]> {
  return root.evaluate((node) => {
    const found: string[] = [];
    const bad = /^\s*(javascript|vbscript|data\s*:\s*text\/html)/i;
    for (const element of [node, ...Array.from(node.querySelectorAll('*'))]) {
      const tag = element.tagName.toLowerCase();
      if (
        ['script', 'iframe', 'object', 'embed', 'frame', 'frameset', 'applet', 'base', 'meta'].includes(tag)
      )
        found.push(`<${tag}>`);
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`<${tag} ${name}>`);
        if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'].includes(name)) {
          // Browsers ignore control characters and spaces in a URL's scheme.
          const value = Array.from(attribute.value)
            .filter((c) => c.charCodeAt(0) > 0x20)
            .join('');
          if (bad.test(value) || name === 'srcdoc') found.push(`<${tag} ${name}="${attribute.value}">`);
        }
      }
    }
    return found;
  });
}
