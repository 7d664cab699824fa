import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { signIn } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { screenshot } from './support/client-records.ts';
import { listViaApi } from './support/clients.ts';
import { roleCase } from './support/demo.ts';

// Issue 13 point 5 and "Done when": every signed-in page fits a phone and passes axe, at 390 and 1280 px.
const suite = useBrowserSuite();
const [zaAdmin, ukAdmin] = signedIn('za.admin', 'uk.admin');

const SETTINGS_TABS = [
  'products',
  'billing-plans',
  'note-templates',
  'processes',
  'forms',
  'sms-credit',
  'billing',
  'practitioners',
  'availability',
  'rooms',
  'appointment-types',
  'reminder-templates',
  'reminder-rules',
  'recall-types',
  'company',
  'calendar-feed',
];
const RECORD_SECTIONS = [
  'appointments',
  'recalls',
  'products',
  'notes',
  'tasks',
  'invoices',
  'messages',
  'forms',
  'audit',
];

/**
 * Every signed-in page the browser tests open: the menu's areas, the record page, invoices, settings, diary,
 * the header's audit trail, outbox and reports.
 */
async function pagesOf(page: Page, clientId: number): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem');
  const areas = await menu.evaluateAll((items) =>
    items.map((item) => item.querySelector('a')?.getAttribute('href') ?? ''),
  );
  expect(areas.length).toBeGreaterThan(3);
  return [
    await page.evaluate(() => window.location.hash),
    ...areas.filter((href) => href.startsWith('#/')),
    ...RECORD_SECTIONS.map((section) => `#/client/${clientId}?section=${section}`),
    '#/commonInvoices',
    ...SETTINGS_TABS.map((tab) => `#/settings?tab=${tab}`),
    '#/audit',
    '#/outbox',
    '#/reports',
  ];
}

interface Finding {
  width: number;
  hash: string;
  problem: string;
}

/** Opens the page, waits for it to settle, and says what is wrong: too wide, or axe's serious findings. */
async function check(
  page: Page,
  settle: () => Promise<void>,
  width: number,
  hash: string,
): Promise<Finding[]> {
  await page.goto(`/${hash}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await settle();
  const found: Finding[] = [];
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > width) {
    const culprits = await page.evaluate((limit) => {
      const out: string[] = [];
      for (const el of document.querySelectorAll('body *')) {
        const box = el.getBoundingClientRect();
        if (box.right > limit + 1 && out.length < 5) out.push(`${el.tagName}.${el.className}`.slice(0, 80));
      }
      return out;
    }, width);
    found.push({ width, hash, problem: `scrollWidth ${wide}: ${culprits.join(' | ')}` });
  }
  const violations = await seriousViolations(page);
  if (violations.length > 0) found.push({ width, hash, problem: describeViolations(violations) });
  return found;
}

describe('every page fits a phone and passes axe (issue 13)', () => {
  for (const [username, api] of [
    ['za.admin', zaAdmin],
    ['uk.admin', ukAdmin],
  ] as const) {
    it(`${username}: the menu's pages, a client's record, invoices, every settings tab and the diary at 390 and 1280 px`, async () => {
      const [client] = (await listViaApi(api, {})).content;
      if (!client) throw new Error(`${username} has no client in the demo data`);
      const { page, networkIdle } = await suite.open();
      await signIn(page, username, roleCase(username).title);
      const hashes = await pagesOf(page, client.id);
      expect(hashes).toContain('#/commonAppointments');
      const findings: Finding[] = [];
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        for (const hash of hashes) findings.push(...(await check(page, networkIdle, width, hash)));
      }
      await screenshot(page, `layout-${username}-1280`);
      expect(findings.map((f) => `${f.width} px ${f.hash}: ${f.problem}`).join('\n')).toBe('');
    });
  }
});
