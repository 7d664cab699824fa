import {
  BACKGROUND_HEADER,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  type ErrorCode,
  errorBodySchema,
} from '@pd/contracts';
import type { z } from 'zod';

export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'BAD_RESPONSE';

/** Every failed call surfaces as this, whatever went wrong on the way. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: { path: string; message: string }[];
  readonly requestId: string | undefined;
  /** The existing record the request would repeat (409 DUPLICATE_CLIENT). */
  readonly existingId: number | undefined;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields: { path: string; message: string }[] = [],
    requestId?: string,
    existingId?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
    this.existingId = existingId;
  }
}

export const GENERIC_FAILURE = 'Something went wrong. Please try again.';

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The auth provider registers this so any 401 on a signed-in call ends the session in the UI. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** False for calls made before signing in (login): their 401 is an answer, not an expiry. */
  signedIn?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key that makes a send safe to repeat. */
  headers?: Record<string, string>;
  /** A check the app makes by itself: it does not count as the user's activity for the idle timeout. */
  background?: boolean;
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return new ApiError(response.status, 'BAD_RESPONSE', GENERIC_FAILURE);
  const { code, message, fields, requestId, existingId } = parsed.data;
  return new ApiError(response.status, code, message, fields, requestId, existingId);
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    ...options.headers,
    accept: 'application/json',
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
  };
  if (options.background) headers[BACKGROUND_HEADER] = '1';
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Please try again.');
  }
}

/** Same-origin JSON call; the answer is checked against the contracts schema. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const response = await send(path, options);
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && options.signedIn !== false) onUnauthorized();
    throw error;
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, 'BAD_RESPONSE', GENERIC_FAILURE);
  return parsed.data;
}

/** For calls answering 204 No Content. */
export async function apiCommand(path: string, options: RequestOptions = {}): Promise<void> {
  const response = await send(path, { method: 'POST', ...options });
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && options.signedIn !== false) onUnauthorized();
    throw error;
  }
}
