import type { FastifyInstance, HTTPMethods, InjectOptions } from 'fastify';
import { DEMO_PASSWORD } from '../../../apps/api/src/seed/demo-data.ts';

export interface Session {
  username: string;
  bearer: Record<string, string>;
  user: { id: number; companyId: number };
}

type Json = Record<string, unknown> & { id?: number };

/**
 * Calls the API through app.inject as a signed-in user and insists on the status the step expects, so
 * a tour that stops reaching its queries fails instead of silently recording less.
 */
export class Tour {
  private readonly sessions = new Map<string, Session>();

  constructor(readonly app: FastifyInstance) {}

  async as(username: string): Promise<Session> {
    const known = this.sessions.get(username);
    if (known) return known;
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in as ${username}: ${res.statusCode} ${res.body}`);
    const body = res.json() as { token: string; user: Session['user'] };
    const session = { username, bearer: { authorization: `Bearer ${body.token}` }, user: body.user };
    this.sessions.set(username, session);
    return session;
  }

  /** Forgets a session (after sign-out), so the next `as` signs in again. */
  forget(username: string) {
    this.sessions.delete(username);
  }

  async send(
    who: Session | undefined,
    method: HTTPMethods,
    url: string,
    options: { body?: unknown; expect?: number; headers?: Record<string, string>; raw?: Buffer } = {},
  ) {
    const request: InjectOptions = {
      method,
      url,
      headers: { ...who?.bearer, ...options.headers },
      ...(options.raw
        ? { payload: options.raw }
        : options.body === undefined
          ? {}
          : { payload: options.body as object }),
    };
    const res = await this.app.inject(request);
    const expected = options.expect;
    const ok =
      expected === undefined ? res.statusCode >= 200 && res.statusCode < 300 : res.statusCode === expected;
    if (!ok) {
      throw new Error(
        `${method} ${url} as ${who?.username ?? 'nobody'}: ${res.statusCode} ${res.body.slice(0, 500)}`,
      );
    }
    return res;
  }

  /** The answer's JSON (an object, or the first element of a list). */
  async json(who: Session | undefined, method: HTTPMethods, url: string, body?: unknown): Promise<Json> {
    const res = await this.send(who, method, url, { body });
    if (res.statusCode === 204 || res.body === '') return {};
    return res.json() as Json;
  }

  get = (who: Session, url: string) => this.json(who, 'GET', url);
  post = (who: Session, url: string, body?: unknown) => this.json(who, 'POST', url, body);
  put = (who: Session, url: string, body: unknown) => this.json(who, 'PUT', url, body);
  delete = (who: Session, url: string) => this.json(who, 'DELETE', url);

  /** The id of what a create answered, or of the first row of a list. */
  static idOf(answer: unknown): number {
    const first = Array.isArray(answer) ? answer[0] : answer;
    const id = (first as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'number') throw new Error(`no id in ${JSON.stringify(answer).slice(0, 200)}`);
    return id;
  }
}
