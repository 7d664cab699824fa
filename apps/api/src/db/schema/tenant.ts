import {
  type AnyPgColumn,
  bigint,
  foreignKey,
  primaryKey,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * The shapes every tenant table repeats. They build exactly the columns, keys and names the tables had
 * when each was written out by hand, so `npm run db:generate` finds nothing to migrate.
 */

/** company_id: `references` adds the foreign key to companies that the older tables declare. */
export function companyIdColumn(options: { references?: boolean } = {}) {
  const column = bigint('company_id', { mode: 'number' }).notNull();
  return options.references ? column.references(() => companies.id) : column;
}

/** company_id and the generated id, the first two columns of every tenant table. */
export const tenantKeys = (options: { references?: boolean } = {}) => ({
  companyId: companyIdColumn(options),
  id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
});

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const timestamps = () => ({ createdAt: createdAtColumn(), updatedAt: updatedAtColumn() });

interface TenantKeyColumns {
  companyId: AnyPgColumn;
  id: AnyPgColumn;
}

/** The key (company_id, id), so related rows can name the company, and `<table>_id_key` on id alone. */
export const tenantKeyIndexes = (table: string, t: TenantKeyColumns) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex(`${table}_id_key`).on(t.id),
];

/** A reference that cannot leave the company: (company_id, column) → (company_id, id) of `target`. */
export const sameCompanyReference = (
  name: string,
  t: { companyId: AnyPgColumn },
  column: AnyPgColumn,
  target: TenantKeyColumns,
) => foreignKey({ name, columns: [t.companyId, column], foreignColumns: [target.companyId, target.id] });
