import { baseUrl } from './browser.ts';
import { DEMO_PASSWORD } from './demo.ts';

interface ApiUser {
  id: number;
  companyId: number;
  username: string;
  displayName: string;
  active: boolean;
}

/** Direct API calls with a Bearer token, as an API client (not the browser) would make them. */
export class ApiClient {
  private constructor(
    readonly token: string,
    readonly user: ApiUser,
  ) {}

  static async signIn(username: string, password = DEMO_PASSWORD): Promise<ApiClient> {
    const response = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok)
      throw new Error(`Sign-in of ${username} failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { token: string; user: ApiUser };
    return new ApiClient(body.token, body.user);
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  async userId(username: string): Promise<number> {
    const users = await this.request<ApiUser[]>('GET', `/api/user/company/${this.user.companyId}`);
    const found = users.find((u) => u.username === username);
    if (!found) throw new Error(`${username} is not a user of company ${this.user.companyId}`);
    return found.id;
  }

  setActive(userId: number, active: boolean): Promise<ApiUser> {
    return this.request<ApiUser>('PUT', `/api/user/${userId}/active`, { active });
  }

  summary(): Promise<{ clientsByStatus: { A: number; I: number; P: number }; userCount: number }> {
    return this.request('GET', `/api/company/${this.user.companyId}/summary`);
  }
}

/** Ends a session server-side, as logging out elsewhere or an expiry would. */
export async function revokeToken(token: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 204) throw new Error(`Logout with the token answered ${response.status}`);
}
