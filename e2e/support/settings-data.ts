import type { Page } from 'playwright-core';
import type { ApiClient } from './api.ts';
import type { BrowserSuite } from './browser.ts';
import { openSettings, signInAs } from './settings.ts';

export interface Plan {
  id: number;
  name: string;
  amount: number;
  frequency: string;
  active: string;
  bookable: string;
}
export interface Product {
  id: number;
  name: string;
  description: string | null;
  billingPlanId: number | null;
  billingPlanName: string | null;
  premium: number;
  value: number;
  active: string;
}
export interface Template {
  id: number;
  subject: string;
  body: string;
}
export interface Process {
  id: number;
  name: string;
  description: string | null;
  active: string;
}

export const plans = (api: ApiClient) => api.request<Plan[]>('GET', `/api/billingplan/${api.user.companyId}`);
export const products = (api: ApiClient) =>
  api.request<Product[]>('GET', `/api/product1/${api.user.companyId}`);
export const templates = (api: ApiClient) =>
  api.request<Template[]>('GET', `/api/notetemplate/${api.user.companyId}`);
export const processes = (api: ApiClient) =>
  api.request<Process[]>('GET', `/api/process/${api.user.companyId}`);

/** Opens the app as `username` and goes to Settings. */
export async function startSettings(suite: BrowserSuite, username: string): Promise<Page> {
  const app = await suite.open();
  await signInAs(app.page, username);
  await openSettings(app.page);
  return app.page;
}
