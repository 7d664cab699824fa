import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientIdsOf,
  countRows,
  type Diary,
  makeType,
  openDiary,
  SET_UP_TIMEOUT,
  userIdOf,
} from '../appointments/appointment-test-support.ts';
import { lastNumber, pdfText, type Session } from './invoice-test-support.ts';

let d: Diary;
let clients: number[];
let admin: number;
let reception: Session;

/** The healthcare details of a patient who is a dependant on a medical aid. */
const MEDICAL_AID = {
  medicalName: 'Discovery Health',
  medicalNumber: '381992044',
  medicalPlan: 'Classic Saver',
  medicalMemberFirstname: 'Bongani',
  medicalMemberLastname: 'Mthembu',
  medicalMemberId: '7801015800084',
  medicalMemberCode: '00',
  medicalDependantCode: '02',
  diagnosisCode1: 'M54.5',
  diagnosisCode2: 'M62.6',
};

beforeAll(async () => {
  d = await openDiary();
  reception = d.reception;
  clients = await clientIdsOf(d, d.zaCompany);
  admin = await userIdOf(d, 'za.admin'); // a demo practitioner: practice number 0712345
  for (const [i, config] of [MEDICAL_AID, { ...MEDICAL_AID, medicalNumber: null }].entries()) {
    const res = await d.call('PUT', `/api/client1/${clients[i]}/config`, d.za, config);
    expect(res.statusCode, res.body).toBe(200);
  }
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const createInvoice = (who: Session, body: object) =>
  d.call('POST', `/api/invoice1/${who.user.companyId}`, who, body);
async function pdfOf(id: number, who: Session = d.za) {
  const res = await d.call('GET', `/api/invoice1/download/${id}`, who);
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}
const hand = (clientId: number | undefined, tariffCode?: string) => ({
  clientId,
  invoiced: '2027-03-01',
  practitionerId: admin,
  lines: [{ description: 'Physiotherapy treatment', quantity: 1, unitPriceCents: 65_000, tariffCode }],
});
const stored = () => Promise.all([countRows(d, 'invoices'), lastNumber(d.ctx, d.zaCompany)]);

describe('a type H invoice is a medical account', () => {
  it('made by hand: prints every claim item, the primary ICD-10 code first, a tariff code per line', async () => {
    const res = await createInvoice(d.za, hand(clients[0], '72101'));
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json();
    expect(inv.lines[0].tariffCode).toBe('72101');
    const text = await pdfOf(inv.id);
    expect(text).toContain('Practice number: 0720000');
    expect(text).toMatch(
      /Treating practitioner: Thandi Mokoena, practice number 0712345, registration number PT/,
    );
    expect(text).toContain('Date of service: 2027-03-01');
    expect(text).toContain('Medical aid: Discovery Health, plan Classic Saver');
    expect(text).toContain('Medical aid number: 381992044');
    expect(text).toContain('Main member: Bongani Mthembu (ID 7801015800084)');
    expect(text).toContain('Dependant code: 02');
    expect(text).toContain('ICD-10: M54.5 (primary), M62.6');
    expect(text).toMatch(/Tariff Description Qty/);
    expect(text).toMatch(/72101 Physiotherapy treatment 1 650,00 15% 650,00/);
  });

  it('made from an appointment: the type’s tariff code and the appointment’s date of service', async () => {
    const product = await d.call('POST', `/api/product1/${d.zaCompany}`, d.za, {
      name: 'Follow-up visit',
      premium: 52_000,
      value: 0,
      tariffCode: '72105',
    });
    expect(product.statusCode, product.body).toBe(201);
    expect(product.json().tariffCode).toBe('72105');
    const productId = product.json().id;
    const type = await makeType(d, d.za, { name: 'Claimable visit', tariffCode: '72103', productId });
    const withProduct = await makeType(d, d.za, { name: 'Product visit', productId });
    const invoiceOf = async (typeId: number, start: string) => {
      const booked = await d.call('POST', `/api/appointment/${d.zaCompany}`, reception, {
        clientId: clients[0],
        practitionerId: admin,
        typeId,
        start,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const id = booked.json().id;
      await d.call('POST', `/api/appointment/${id}/status`, reception, { status: 'arrived' });
      return d.call('POST', `/api/appointment/${id}/invoice`, reception);
    };
    const res = await invoiceOf(type, '2027-05-04T10:00');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines[0]).toMatchObject({ tariffCode: '72103', description: 'Follow-up visit' });
    const text = await pdfOf(res.json().id);
    expect(text).toContain('Date of service: 2027-05-04');
    expect(text).toMatch(/72103 Follow-up visit 1 520,00/);
    // The product's own tariff code when the type has none.
    const fromProduct = await invoiceOf(withProduct, '2027-05-05T11:00');
    expect(fromProduct.statusCode, fromProduct.body).toBe(201);
    expect(fromProduct.json().lines[0].tariffCode).toBe('72105');
  });

  it('names a missing item with 400 and writes nothing', async () => {
    const before = await stored();
    const noNumber = await createInvoice(d.za, hand(clients[1], '72101'));
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: "Medical aid number is missing from the client's healthcare details.",
      fields: [
        {
          path: 'medicalNumber',
          message: "Medical aid number is missing from the client's healthcare details.",
        },
      ],
    });
    const noTariff = await createInvoice(d.za, hand(clients[0], '  '));
    expect(noTariff.statusCode).toBe(400);
    expect(noTariff.json().fields).toEqual([
      { path: 'body.lines.0.tariffCode', message: 'Line 1 has no tariff code.' },
    ]);
    const noPractitioner = await createInvoice(d.za, {
      ...hand(clients[0], '72101'),
      practitionerId: undefined,
    });
    expect(noPractitioner.statusCode).toBe(201); // za.admin treats, with a practice number
    const notTreating = await createInvoice(reception, {
      ...hand(clients[0], '72101'),
      practitionerId: undefined,
    });
    expect(notTreating.json().message).toBe(
      'The practice or registration number of Lerato Dlamini is missing from the practitioner settings.',
    );
    const after = await stored();
    expect(after).toEqual([before[0] + 1, before[1] + 1]); // only the complete one
  });

  it('a billing plan is a package the patient pays: billed to a medical-aid client unchecked', async () => {
    const [plan] = (await d.call('GET', `/api/billingplan/${d.zaCompany}`, d.za)).json();
    const res = await d.call('POST', `/api/invoice1/billingplan/${clients[1]}/Y/${plan.id}`, d.za);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines[0].tariffCode).toBeNull();
  });

  it('a private patient without medical aid is invoiced without the claim items', async () => {
    const res = await createInvoice(reception, { ...hand(clients[2]), practitionerId: undefined });
    expect(res.statusCode, res.body).toBe(201);
    const text = await pdfOf(res.json().id);
    expect(text).toContain('Private patient (no medical aid)');
    expect(text).toContain('Practice number: 0720000');
    expect(text).not.toContain('Medical aid number');
  });

  it('the practice number is part of the company configuration', async () => {
    const res = await d.call('PUT', `/api/company/${d.zaCompany}/config`, d.za, { practiceNumber: ' ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().practiceNumber).toBeNull();
    const refused = await createInvoice(d.za, hand(clients[0], '72101'));
    expect(refused.json().message).toBe("The practice number is missing from the company's settings.");
    await d.call('PUT', `/api/company/${d.zaCompany}/config`, d.za, { practiceNumber: '0720000' });
  });

  it('type F invoices are unchanged: no medical account, no tariff column', async () => {
    const uk = d.uk;
    const ukClient = (await clientIdsOf(d, d.ukCompany))[0];
    const res = await createInvoice(uk, {
      clientId: ukClient,
      invoiced: '2027-03-01',
      lines: [{ description: 'Annual review', quantity: 1, unitPriceCents: 30_000 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines[0].tariffCode).toBeNull();
    const text = await pdfOf(res.json().id, uk);
    expect(text).not.toMatch(/Medical account|Tariff|Date of service|Practice number/);
    expect(text).toMatch(/^Description Qty Unit price/m);
  });
});

describe('an update checks the medical account again, as creating does', () => {
  const update = (id: number, body: object) => d.call('PUT', `/api/invoice1/${id}`, d.za, body);
  const stored = async (id: number) =>
    (await d.call('GET', `/api/invoice1/specific/${id}`, d.za)).json() as {
      practitionerId: number | null;
      number: number | null;
      status: string;
      lines: { tariffCode: string | null }[];
    };

  it('lines without a tariff code or a practitioner without numbers are refused, nothing written', async () => {
    const created = await createInvoice(d.za, hand(clients[0], '72101'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const noTariff = await update(id, {
      lines: [{ description: 'Physiotherapy treatment', quantity: 2, unitPriceCents: 65_000 }],
    });
    expect(noTariff.statusCode).toBe(400);
    expect(noTariff.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'body.lines.0.tariffCode', message: 'Line 1 has no tariff code.' }],
    });
    const notTreating = await update(id, { practitionerId: await userIdOf(d, 'za.reception') });
    expect(notTreating.statusCode).toBe(400);
    expect(notTreating.json().message).toBe(
      'The practice or registration number of Lerato Dlamini is missing from the practitioner settings.',
    );
    const nobody = await update(id, { practitionerId: null });
    expect(nobody.json().fields).toEqual([
      { path: 'body.practitionerId', message: 'The treating practitioner is missing.' },
    ]);
    expect(await stored(id)).toMatchObject({ practitionerId: admin, lines: [{ tariffCode: '72101' }] });
    // A complete change goes through.
    const fine = await update(id, {
      notes: 'Second session',
      lines: [{ description: 'Dry needling', quantity: 1, unitPriceCents: 40_000, tariffCode: '72102' }],
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().lines[0].tariffCode).toBe('72102');
  });

  it('issuing a draft is checked (no number taken); archiving an issued invoice is not', async () => {
    const draft = (await createInvoice(d.za, { ...hand(clients[0], '72101'), draft: true })).json();
    const issued = (await createInvoice(d.za, hand(clients[0], '72101'))).json();
    const config = `/api/company/${d.zaCompany}/config`;
    await d.call('PUT', config, d.za, { practiceNumber: null });
    try {
      const numberBefore = await lastNumber(d.ctx, d.zaCompany);
      const issue = await update(draft.id, { status: 'active' });
      expect(issue.statusCode).toBe(400);
      expect(issue.json().message).toBe("The practice number is missing from the company's settings.");
      expect(await stored(draft.id)).toMatchObject({ status: 'draft', number: null });
      expect(await lastNumber(d.ctx, d.zaCompany)).toBe(numberBefore);
      const archived = await update(issued.id, { status: 'archived' });
      expect(archived.statusCode, archived.body).toBe(200);
    } finally {
      await d.call('PUT', config, d.za, { practiceNumber: '0720000' });
    }
    expect((await update(draft.id, { status: 'active' })).statusCode).toBe(200);
  });

  it('what no scheme pays stays unchecked on update: a no-show fee and a billing plan', async () => {
    // clients[1] is on a medical aid whose number is missing: a claim of theirs would be refused.
    const type = await makeType(d, d.za, { name: 'Missed visit', noShowFeeCents: 20_000 });
    const booked = await d.call('POST', `/api/appointment/${d.zaCompany}`, reception, {
      clientId: clients[1],
      practitionerId: admin,
      typeId: type,
      start: '2027-05-10T09:00',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = booked.json().id;
    await d.call('POST', `/api/appointment/${appointmentId}/status`, reception, { status: 'noshow' });
    const fee = await d.call('POST', `/api/appointment/${appointmentId}/invoice`, reception);
    expect(fee.statusCode, fee.body).toBe(201);
    const changed = await update(fee.json().id, { notes: 'Reminded by phone', invoiced: '2027-05-11' });
    expect(changed.statusCode, changed.body).toBe(200);
    const [plan] = (await d.call('GET', `/api/billingplan/${d.zaCompany}`, d.za)).json();
    const planInvoice = await d.call('POST', `/api/invoice1/billingplan/${clients[1]}/Y/${plan.id}`, d.za);
    expect(planInvoice.statusCode, planInvoice.body).toBe(201);
    expect((await update(planInvoice.json().id, { notes: 'Package' })).statusCode).toBe(200);
    // The same client's hand-made invoice is a claim: its update is refused like its creation.
    const claim = await createInvoice(d.za, { ...hand(clients[0], '72101'), draft: true });
    await d.call('PUT', `/api/client1/${clients[0]}/config`, d.za, { medicalNumber: null });
    try {
      expect((await update(claim.json().id, { notes: 'x' })).json().fields).toEqual([
        {
          path: 'medicalNumber',
          message: "Medical aid number is missing from the client's healthcare details.",
        },
      ]);
    } finally {
      await d.call('PUT', `/api/client1/${clients[0]}/config`, d.za, {
        medicalNumber: MEDICAL_AID.medicalNumber,
      });
    }
  });
});
