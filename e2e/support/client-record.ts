import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { describeViolations, seriousViolations } from './axe.ts';
import { type MadeClient, signInAs } from './client-records.ts';

/** The record page of a client (issue 13), optionally on one of its sections. */
export const recordHash = (id: number, section?: string) =>
  section ? `#/client/${id}?section=${section}` : `#/client/${id}`;

export const pageHeading = (page: Page, name: string) =>
  page.getByRole('heading', { name, level: 1, exact: true });

/** An amount as its digits only, whatever the money format ("R 1 633,00" is 163300). */
export const digits = (text: string) => text.replace(/\D/g, '');

export async function expectNoSeriousViolations(page: Page, within?: string): Promise<void> {
  expect(describeViolations(await seriousViolations(page, within))).toBe('');
}

/** Waits until the record page of this client shows its summary. */
export async function waitForRecord(page: Page, name: string): Promise<void> {
  await pageHeading(page, name).waitFor();
  await page.getByTestId('record-contact').waitFor();
  await page.getByTestId('record-account').getByText('Balance owed').waitFor();
}

/** Signs in and opens the client's record page. */
export async function openRecord(page: Page, username: string, client: MadeClient, section?: string) {
  await signInAs(page, username);
  await page.goto(`/${recordHash(client.id, section)}`);
  await waitForRecord(page, client.name);
}
