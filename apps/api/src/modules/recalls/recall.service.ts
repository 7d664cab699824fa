import type { RecallInput, RecallListQuery } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { diaryCompany } from '../appointments/diary-company.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findClientRow } from '../clients/client.queries.ts';
import { invalidField } from '../reminders/reminder-errors.ts';
import {
  cancelInvoiceRecalls,
  cancelRecallRow,
  completeRecallsByBooking,
  findRecall,
  insertInvoiceRecalls,
  insertRecall,
  insertRunRecalls,
  recallExists,
  selectRecallPage,
} from './recall.queries.ts';

const subProcess = 'Client Management' as const;

export const listRecalls = (scope: Scope, query: RecallListQuery) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    const page = await selectRecallPage(tx, company.id, query, company.today, company.timeZone);
    return { ...page, today: company.today };
  });

async function readRecall(tx: Tx, companyId: number, id: number) {
  const company = await diaryCompany(tx, companyId);
  return mustExist(await findRecall(tx, companyId, id, company.today, company.timeZone), 'Recall');
}

/** A recall recorded by hand on the path's client (404 for another company's), of a live recall type (400). */
export const createRecall = (scope: Scope, clientId: number, input: RecallInput) =>
  inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    const client = mustExist(await findClientRow(tx, companyId, clientId), 'Client');
    const company = await diaryCompany(tx, companyId);
    const serviceDate = input.serviceDate ?? company.today;
    const id = await insertRecall(tx, companyId, {
      clientId: client.id,
      typeId: input.typeId,
      serviceDate,
      userId,
    });
    if (id === undefined) throw invalidField('body.typeId', 'Choose one of the company’s recall types.');
    const recall = await readRecall(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      subProcess,
      clientId: client.id,
      action: 'recall.create',
      description: `Recorded a ${recall.typeName} recall due ${recall.dueDate}.`,
      changes: { recallId: id, typeId: input.typeId, serviceDate, dueDate: recall.dueDate },
    });
    return recall;
  });

/** Only an open recall can be cancelled (409 for a completed or cancelled one). */
export const cancelRecall = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = await recallExists(tx, companyId, id);
    if (!(await cancelRecallRow(tx, companyId, id)))
      throw new ConflictError(
        `The recall is ${before.status} already: only an open recall can be cancelled.`,
      );
    const recall = await readRecall(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      subProcess,
      clientId: recall.clientId,
      action: 'recall.cancel',
      description: `Cancelled the ${recall.typeName} recall due ${recall.dueDate}.`,
    });
    return recall;
  });

/** Invoicing a product a recall type names starts a recall, in the invoice's transaction (once per line). */
export const recallsForInvoice = (tx: Tx, companyId: number, invoiceId: number, userId: number | null) =>
  insertInvoiceRecalls(tx, companyId, invoiceId, userId);

/** Cancelling an issued invoice cancels the open recalls it started, in the cancellation's transaction. */
export const recallsForCancelledInvoice = (tx: Tx, companyId: number, invoiceId: number) =>
  cancelInvoiceRecalls(tx, companyId, invoiceId);

/** A billing run's invoices start their recalls as one invoice does, in the run's transaction (one statement). */
export const recallsForBillingRun = (tx: Tx, companyId: number, runId: number, userId: number | null) =>
  insertRunRecalls(tx, companyId, runId, userId);

/** A booking completes the client's open recalls, in the booking's transaction. */
export const recallsForBooking = (tx: Tx, companyId: number, appointmentIds: number[]) =>
  completeRecallsByBooking(tx, companyId, appointmentIds);
