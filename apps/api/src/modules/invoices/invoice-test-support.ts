import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRow } from '../../lib/sql.ts';
import type { login, TestContext } from '../../test/harness.ts';

export type Session = Awaited<ReturnType<typeof login>>;

/** Every text item of a PDF, lines joined by newlines (eval off, as the intake reader). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const lines: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      let line = '';
      let y: number | undefined;
      for (const item of content.items as { str?: string; transform?: number[] }[]) {
        if (typeof item.str !== 'string') continue;
        const itemY = item.transform?.[5];
        if (y !== undefined && itemY !== undefined && Math.abs(itemY - y) > 2) {
          lines.push(line.replace(/\s+/g, ' ').trim());
          line = '';
        }
        y = itemY;
        line += `${item.str} `;
      }
      lines.push(line.replace(/\s+/g, ' ').trim());
    }
    return lines.filter(Boolean).join('\n');
  } finally {
    await task.destroy();
  }
}

/** Rows of a table, read as the system (bypassing tenancy): what is really stored. */
const count = z.object({ n: z.number() });
const outboxRow = z.object({
  recipient: z.string(),
  subject: z.string(),
  content: z.string(),
  attachments: z.string().nullable(),
  status: z.string(),
});

export const countRows = (ctx: TestContext, table: string) =>
  withSystem(ctx.database.db, async (tx) => {
    const row = await selectRow(tx, count, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    return row?.n ?? 0;
  });

export const lastNumber = (ctx: TestContext, companyId: number) =>
  withSystem(ctx.database.db, async (tx) => {
    const row = await selectRow(
      tx,
      count,
      sql`select last_invoice_number as n from billing_settings where company_id = ${companyId}`,
    );
    return row?.n ?? 0;
  });

export function api(ctx: TestContext) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Session, payload?: object) =>
    ctx.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });
  return {
    call,
    get: (url: string, who: Session) => call('GET', url, who),
    async clientIds(who: Session): Promise<number[]> {
      const res = await call('GET', `/api/client1/company/${who.user.companyId}/lazy?size=20`, who);
      return res.json().content.map((c: { id: number }) => c.id);
    },
    async products(
      who: Session,
    ): Promise<{ id: number; name: string; premium: number; billingPlanId: number | null }[]> {
      return (await call('GET', `/api/product1/${who.user.companyId}`, who)).json();
    },
    async plans(who: Session): Promise<{ id: number; name: string; amount: number }[]> {
      return (await call('GET', `/api/billingplan/${who.user.companyId}`, who)).json();
    },
    /** Gives a client a company product; answers the client product. */
    async clientProduct(who: Session, clientId: number, productId: number) {
      const res = await call('POST', `/api/clientproduct/${clientId}/${productId}`, who);
      if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`client product: ${res.body}`);
      return res.json() as { id: number; premium: number; uniqueId: string; name: string };
    },
    createInvoice: (who: Session, body: object) =>
      call('POST', `/api/invoice1/${who.user.companyId}`, who, body),
    /** Records a payment of an invoice (201 expected by the caller). */
    pay: (who: Session, invoiceId: number, amount: number, date: string, method = 'eft') =>
      call('POST', `/api/invoice1/payment/${invoiceId}`, who, { amount, date, method }),
  };
}

/** The outbox row of a message, with its first attachment decoded. */
export const outboxMessage = (ctx: TestContext, id: number) =>
  withSystem(ctx.database.db, async (tx) => {
    const row = await selectRow(
      tx,
      outboxRow,
      sql`select recipient, subject, content, attachments, status from messages where id = ${id}`,
    );
    const [attachment] = JSON.parse(row?.attachments ?? '[]') as {
      filename: string;
      contentType: string;
      base64: string;
    }[];
    return { ...row, attachment, pdf: attachment ? Buffer.from(attachment.base64, 'base64') : undefined };
  });
