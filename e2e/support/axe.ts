import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Waits until no finite animation or transition is running (a toast fading in, a button changing colour, a
 * dialog opening): colours measured mid-way fail the contrast check at random. Endless ones (spinners) are
 * left alone.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Runs axe-core in the page once its animations have settled. page.evaluate goes through the DevTools
 * protocol, which the app's CSP (script-src 'self') does not block, so the policy stays on for the rest of
 * the test. `within`: a selector to check only that part of the page.
 */
export async function seriousViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  await animationsSettled(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (selector) => {
    const runner = (window as unknown as { axe: typeof axe }).axe;
    const context = selector ? { include: [selector] } : document;
    const result = await runner.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, within);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    ${JSON.stringify(n.target)}: ${n.failureSummary ?? ''}`)
        .join('\n');
      return `[${v.impact}] ${v.id}: ${v.help}\n${nodes}`;
    })
    .join('\n');
}

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = await seriousViolations(page);
  expect(describeViolations(violations)).toBe('');
}
