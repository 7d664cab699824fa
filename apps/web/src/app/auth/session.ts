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

/** User, then their config and company; the answers also seed the query cache for the pages. */
export async function loadSession(queryClient: QueryClient, userId: number): Promise<Session> {
  const user = await api.user(userId);
  if (!user.active) throw new InactiveUserError();
  queryClient.setQueryData(queryKeys.user(user.id), user);
  const [config, company] = await Promise.all([
    queryClient.fetchQuery({
      queryKey: queryKeys.userConfig(user.id),
      queryFn: () => api.userConfig(user.id),
    }),
    queryClient.fetchQuery({
      queryKey: queryKeys.company(user.companyId),
      queryFn: () => api.company(user.companyId),
    }),
  ]);
  return { user, config, company, home: moduleHomeFor(user.roles), variant: menuVariantFor(user.roles) };
}
