import type { Page } from 'playwright-core';
import { plainSpaces } from './settings.ts';

/** A chart's Table view, row by row (the row header, then the figures as shown), back on the chart after. */
export async function chartTable(page: Page, id: string): Promise<string[][]> {
  const chart = page.getByTestId(id);
  await chart.getByTestId(`${id}-view-table`).click();
  const rows = chart.getByTestId(`${id}-table`).locator('tbody tr');
  const texts: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    texts.push((await rows.nth(i).locator('th, td').allInnerTexts()).map((t) => plainSpaces(t).trim()));
  }
  await chart.getByTestId(`${id}-view-chart`).click();
  return texts;
}
