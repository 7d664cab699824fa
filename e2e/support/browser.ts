import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { SCREENSHOT_DIR } from './app.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function baseUrl(): string {
  const url = inject('baseUrl');
  if (!url)
    throw new Error('No server: run the browser tests with `npx vitest run --config e2e/vitest.config.ts`.');
  return url;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface AppPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and Content-Security-Policy violations seen so far. */
  problems: string[];
  /** Resolves once no request of the page has been in flight for a moment. */
  networkIdle: () => Promise<void>;
}

/** How the page's browser differs from the default: e.g. the time zone of a London receptionist's machine. */
export interface AppOptions {
  timezoneId?: string;
  /** Another server than the suite's (one a file starts itself). */
  baseURL?: string;
  /** A phone's screen (e.g. 390 × 844 with touch) instead of the desk's 1280 × 800. */
  viewport?: { width: number; height: number };
  hasTouch?: boolean;
  isMobile?: boolean;
}

/** A fresh context (no cookies, no storage) with one page; the app's CSP stays in force. */
export async function openApp(browser: Browser, options: AppOptions = {}): Promise<AppPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  const page = await context.newPage();
  // Generous: on a loaded 2-core machine a first render can take seconds; a real failure still fails.
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      problems.push(`CSP: ${message.text()}`);
    }
  });
  let inFlight = 0;
  let lastChange = Date.now();
  const track = (delta: number) => () => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', track(1));
  page.on('requestfinished', track(-1));
  page.on('requestfailed', track(-1));
  const networkIdle = async (quietMs = 300, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) throw new Error(`The page still had ${inFlight} request(s) in flight.`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { context, page, problems, networkIdle };
}

export interface BrowserSuite {
  readonly browser: Browser;
  /** A fresh app page for the running test; after the test it must have seen no problem, and it is closed. */
  open(options?: AppOptions): Promise<AppPage>;
}

/**
 * The set-up every browser test file shares: one Chromium for the file (launched while `setUp`, e.g. the
 * file's API sign-ins, runs), and after each test the page it opened is checked for page errors and CSP
 * violations and closed.
 */
export function useBrowserSuite(setUp?: () => Promise<void>, setUpTimeoutMs?: number): BrowserSuite {
  let browser: Browser | undefined;
  let opened: AppPage[] = [];
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    [browser] = await Promise.all([launchBrowser(), setUp?.()]);
  }, setUpTimeoutMs);
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const pages = opened;
    opened = [];
    try {
      const last = pages[pages.length - 1];
      if (last) expect(last.problems).toEqual([]);
    } finally {
      for (const page of pages) await page.context.close();
    }
  });
  const suite: BrowserSuite = {
    get browser() {
      if (!browser) throw new Error('The browser starts in beforeAll: use suite.browser inside a test.');
      return browser;
    },
    async open(options?: AppOptions) {
      const app = await openApp(suite.browser, options);
      opened.push(app);
      return app;
    },
  };
  return suite;
}
