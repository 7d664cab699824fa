import type { User } from '@pd/contracts';
import type { users } from '../../db/schema/index.ts';

/** The API's view of a user: never the password hash. */
export function toUserDto(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    companyId: row.companyId,
    username: row.username,
    email: row.email,
    displayName: row.displayName,
    roles: row.roles,
    rights: row.rights,
    enableInvoicing: row.enableInvoicing === 'N' ? 'N' : 'Y',
    active: row.active,
  };
}
