import {
  companyConfigSchema,
  companySchema,
  companySummarySchema,
  type LoginRequest,
  loginResponseSchema,
  pingResponseSchema,
  userConfigSchema,
  userSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { apiCommand, apiRequest } from './client.ts';

/** One function per API route; the hooks and the auth provider call these. */
export const api = {
  login: (body: LoginRequest) =>
    apiRequest('/api/auth/login', loginResponseSchema, { method: 'POST', body, signedIn: false }),
  logout: () => apiCommand('/api/auth/logout', { signedIn: false }),
  ping: (signal?: AbortSignal) => apiRequest('/api/auth/ping', pingResponseSchema, { signal }),
  /** The session check the app makes by itself: not the user's activity, so it never keeps a session alive. */
  backgroundPing: () => apiRequest('/api/auth/ping', pingResponseSchema, { background: true }),
  user: (id: number) => apiRequest(`/api/user/${id}`, userSchema),
  userConfig: (id: number) => apiRequest(`/api/user/${id}/config`, userConfigSchema),
  companyUsers: (companyId: number) => apiRequest(`/api/user/company/${companyId}`, z.array(userSchema)),
  setUserActive: (id: number, active: boolean) =>
    apiRequest(`/api/user/${id}/active`, userSchema, { method: 'PUT', body: { active } }),
  company: (companyId: number) => apiRequest(`/api/company/${companyId}`, companySchema),
  companyConfig: (companyId: number) => apiRequest(`/api/company/${companyId}/config`, companyConfigSchema),
  companySummary: (companyId: number) =>
    apiRequest(`/api/company/${companyId}/summary`, companySummarySchema),
};
