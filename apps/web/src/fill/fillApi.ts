import type { FormFile, FormFileUpload, FormFill, PublicForm } from '@pd/contracts';

/** Issue 18, part 4: the fill page's calls (no session: the link's token is the only key). */
export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string; fields: { path: string; message: string }[] };

async function call<T>(method: string, path: string, body?: unknown): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, status: 0, message: 'No connection. Check your internet and try again.', fields: [] };
  }
  if (response.ok) return { ok: true, value: (await response.json()) as T };
  const problem = (await response.json().catch(() => ({}))) as { message?: string; fields?: [] };
  return {
    ok: false,
    status: response.status,
    message: problem.message ?? 'Something went wrong. Try again.',
    fields: problem.fields ?? [],
  };
}

const base = (token: string) => `/api/public/form/${encodeURIComponent(token)}`;
export const openForm = (token: string) => call<PublicForm>('GET', base(token));
export const submitForm = (token: string, fill: FormFill) =>
  call<{ submittedAt: string }>('POST', base(token), fill);
export const saveDraft = (token: string, fill: FormFill) =>
  call<{ savedAt: string }>('PUT', `${base(token)}/draft`, fill);
export const uploadFile = (token: string, file: FormFileUpload) =>
  call<FormFile>('POST', `${base(token)}/attachment`, file);

/** base64 of bytes, in chunks (a 5 MB file would overflow String.fromCharCode's arguments). */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
