import {
  type Company,
  type MenuVariant,
  type ModuleHome,
  menuVariantFor,
  moduleHomeFor,
  type User,
  type UserConfig,
} from '@pd/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** Everything the shell needs about the signed-in user, loaded once per sign-in or reload. */
export interface Session {
  user: User;
  config: UserConfig;
  company: Company;
  home: ModuleHome;
  variant: MenuVariant;
}

export type AuthState =
  | { status: 'checking' }
  | { status: 'signedOut'; reason: 'none' | 'signedOut' | 'expired' }
  | { status: 'signedIn'; session: Session };

export class InactiveUserError extends ApiError {
  constructor() {
    super(403, 'FORBIDDEN', 'This account is not active.');
  }
}

/** Who is signing in: the user as sign-in answered it, or (on reload) the ids the session ping gave. */
export type SessionOwner = { user: User } | { userId: number; companyId: number };

/**
 * The user, their config and their company, requested at once (one round trip after sign-in or the ping,
 * not three in a row); the answers also seed the query cache for the pages.
 */
export async function loadSession(queryClient: QueryClient, owner: SessionOwner): Promise<Session> {
  const [userId, companyId] =
    'user' in owner ? [owner.user.id, owner.user.companyId] : [owner.userId, owner.companyId];
  const [user, config, company] = await Promise.all([
    'user' in owner ? owner.user : api.user(userId),
    queryClient.fetchQuery({ queryKey: queryKeys.userConfig(userId), queryFn: () => api.userConfig(userId) }),
    queryClient.fetchQuery({ queryKey: queryKeys.company(companyId), queryFn: () => api.company(companyId) }),
  ]);
  if (!user.active) throw new InactiveUserError();
  queryClient.setQueryData(queryKeys.user(user.id), user);
  return { user, config, company, home: moduleHomeFor(user.roles), variant: menuVariantFor(user.roles) };
}
