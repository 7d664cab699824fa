import { beforeAll } from 'vitest';
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
    /** The server it talks to: the suite's, or a second one a file starts (e.g. with an SMS provider). */
    readonly base: string,
  ) {}

  static async signIn(username: string, password = DEMO_PASSWORD, base = baseUrl()): Promise<ApiClient> {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok)
      throw new Error(`Sign-in of ${username} failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { token: string; user: ApiUser };
    return new ApiClient(body.token, body.user, base);
  }

  /** Signs in every user at once; the clients come back in the order of the names. */
  static async signInAll<const Names extends readonly string[]>(
    ...usernames: Names
  ): Promise<{ -readonly [K in keyof Names]: ApiClient }> {
    const clients = await Promise.all(usernames.map((username) => ApiClient.signIn(username)));
    return clients as { -readonly [K in keyof Names]: ApiClient };
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}${path}`, {
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

/**
 * The file's API users, signed in by a beforeAll hook. Each answer stands for its ApiClient once the hook
 * has run (using one earlier throws), so a file names its users as constants instead of assigning them.
 */
export function signedIn<const Names extends readonly string[]>(
  ...usernames: Names
): { -readonly [K in keyof Names]: ApiClient } {
  const clients: ApiClient[] = [];
  beforeAll(async () => {
    clients.push(...(await ApiClient.signInAll(...usernames)));
  });
  const standIns = usernames.map(
    (username, i) =>
      new Proxy({} as ApiClient, {
        get(_target, property) {
          const client = clients[i];
          if (!client) throw new Error(`${username} is signed in by beforeAll: use it inside a test.`);
          const value: unknown = Reflect.get(client, property, client);
          return typeof value === 'function' ? value.bind(client) : value;
        },
      }),
  );
  return standIns as { -readonly [K in keyof Names]: ApiClient };
}
