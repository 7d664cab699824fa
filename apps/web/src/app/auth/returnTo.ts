/** What RequireAuth hands the sign-in page: the page a signed-out visitor asked for. */
export interface ReturnState {
  from?: string;
}

/**
 * The requested page if it is a route of this app (`/commonInvoices?tab=open`), else null: never another
 * site (`//evil.example`, `https:`), never the sign-in page itself.
 */
export function returnPath(state: unknown): string | null {
  const from = (state as ReturnState | null)?.from;
  if (typeof from !== 'string' || from.length > 2000) return null;
  if (!/^\/(?![/\\])[^\s\\]*$/.test(from)) return null;
  if (from === '/login' || from.startsWith('/login?')) return null;
  return from;
}
