import { menuVariantFor, moduleHomeFor, type User, type UserConfig } from '@pd/contracts';
import { revokeUserSessions } from '../../auth/session.queries.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { toUserDto } from './user.dto.ts';
import { findUser, listCompanyUsers, setUserActive } from './user.queries.ts';

const userOf = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => mustExist(await findUser(tx, scope.principal.companyId, id), 'User'));

export const getUser = async (scope: Scope, id: number): Promise<User> => toUserDto(await userOf(scope, id));

export async function getUserConfig(scope: Scope, id: number): Promise<UserConfig> {
  const user = await userOf(scope, id);
  return {
    userId: user.id,
    roles: user.roles,
    rights: user.rights,
    enableInvoicing: toUserDto(user).enableInvoicing,
    moduleHome: moduleHomeFor(user.roles),
    menuVariant: menuVariantFor(user.roles),
  };
}

export const listUsers = (scope: Scope) =>
  inTenant(scope, async (tx) => (await listCompanyUsers(tx, scope.principal.companyId)).map(toUserDto));

/** Deactivation ends every session of the user at once: their next request is refused. */
export function setActive(scope: Scope, id: number, active: boolean): Promise<User> {
  if (id === scope.principal.userId && !active) {
    throw new ValidationError('You cannot deactivate yourself.', [
      { path: 'body.active', message: 'Not allowed.' },
    ]);
  }
  return inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const user = mustExist(await setUserActive(tx, companyId, id, active), 'User');
    if (!user.active) await revokeUserSessions(tx, companyId, user.id);
    return toUserDto(user);
  });
}
