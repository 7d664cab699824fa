import { defaultVatRateBps } from '@pd/contracts';
import { count } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/connect.ts';
import { clients, companies, users } from '../db/schema/index.ts';
import { type Tx, withSystem } from '../db/tenancy.ts';
import { insertDemoCalls } from '../modules/calls/call.demo.ts';
import { insertDemoForms } from '../modules/forms/form.demo.ts';
import { insertDemoInvoices } from '../modules/invoices/invoice.demo.ts';
import { insertDemoCredit } from '../modules/messaging/credit.demo.ts';
import { insertDemoNoteTemplates } from '../modules/notes/note-template.demo.ts';
import { insertDemoPipelines } from '../modules/prospects/prospect.demo.ts';
import { insertDemoProviders } from '../modules/reference/reference.queries.ts';
import { insertDemoProcesses } from '../modules/tasks/process.demo.ts';
import { insertDemoAppointments } from './demo-appointments.ts';
import { insertDemoCatalogue } from './demo-catalogue.ts';
import { DEMO_COMPANIES, DEMO_PASSWORD } from './demo-data.ts';

/** Creates the demo companies, users and clients when the database has no company yet. */
async function hasAnyCompany(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(companies);
  return (row?.n ?? 0) > 0;
}

/** Creates the demo companies, users and clients when the database has no company yet. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  if (await withSystem(db, hasAnyCompany)) return false;
  // Hash before the transaction: it must not sit open while argon2 works.
  const hashes = new Map<string, string>();
  for (const company of DEMO_COMPANIES) {
    for (const user of company.users) hashes.set(user.username, await hashPassword(DEMO_PASSWORD));
  }
  return withSystem(db, async (tx) => {
    if (await hasAnyCompany(tx)) return false; // another process got there first
    for (const demo of DEMO_COMPANIES) {
      const [company] = await tx
        .insert(companies)
        .values({
          name: demo.name,
          type: demo.type,
          taxRegistered: demo.taxRegistered,
          vatNumber: demo.vatNumber,
          practiceNumber: demo.practiceNumber ?? null,
          vatRateBps: defaultVatRateBps(demo.country),
          country: demo.country,
          region: demo.country,
          currency: demo.currency,
          supportEmail: demo.supportEmail,
        })
        .returning();
      if (!company) throw new Error('demo company not created');
      await tx.insert(users).values(
        demo.users.map((u) => ({
          companyId: company.id,
          username: u.username,
          email: `${u.username}@practicedesk.example`,
          displayName: u.displayName,
          passwordHash: hashes.get(u.username) ?? '',
          roles: u.roles,
          rights: u.rights ?? '',
          enableInvoicing: u.enableInvoicing ?? 'Y',
        })),
      );
      await insertDemoProviders(tx, company.id, demo.country);
      await insertDemoProcesses(tx, company.id, demo.type);
      await insertDemoNoteTemplates(tx, company.id, demo.type);
      await insertDemoCatalogue(tx, company.id, demo.type);
      await insertDemoCredit(tx, company.id, demo.country);
      await tx.insert(clients).values(
        demo.clients.map((c) => ({
          ...c,
          companyId: company.id,
          preferredName: c.firstName,
          addressCountry: demo.country,
        })),
      );
      await insertDemoInvoices(tx, company.id);
      await insertDemoAppointments(tx, company.id);
      await insertDemoCalls(tx, company.id, demo.country);
      await insertDemoForms(tx, company.id, demo.type);
      await insertDemoPipelines(tx, company.id, demo.country);
    }
    return true;
  });
}
