import { createContext, useContext } from 'react';
import type { AuthState, Session } from './session.ts';

export interface AuthContextValue {
  state: AuthState;
  signIn: (username: string, password: string) => Promise<Session>;
  signOut: () => Promise<void>;
  checkSession: () => Promise<void>;
  /** When the server will end the session for inactivity (ms since the epoch), as it last said. */
  idleEndsAt: number | null;
  staySignedIn: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}

/** For pages behind the guard, where a session always exists. */
export function useSession(): Session {
  const { state } = useAuth();
  if (state.status !== 'signedIn') throw new Error('useSession needs a signed-in user.');
  return state.session;
}
