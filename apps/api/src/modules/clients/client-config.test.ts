import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let za: Awaited<ReturnType<typeof login>>;
let uk: Awaited<ReturnType<typeof login>>;
let clientId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  za = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  const list = await ctx.app.inject({
    url: `/api/client1/company/${za.user.companyId}/lazy?search=zulu`,
    headers: za.bearer,
  });
  clientId = list.json().content[0].id;
});
afterAll(() => ctx.close());

const put = (body: object, who = za, id = clientId) =>
  ctx.app.inject({ method: 'PUT', url: `/api/client1/${id}/config`, headers: who.bearer, payload: body });
const get = (who = za, id = clientId) =>
  ctx.app.inject({ url: `/api/client1/${id}/config`, headers: who.bearer });

describe('healthcare details (company type H)', () => {
  it('starts empty and saves every accordion’s fields', async () => {
    const empty = await get();
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      clientId,
      diagnosisCode1: null,
      medicalName: null,
      diagnoses: [],
      warnings: [],
    });
    const provider = (
      await ctx.app.inject({ url: '/api/provider/name/DISCOVERY', headers: za.bearer })
    ).json()[0];
    const res = await put({
      diagnosisCode1: { code: 'm54.5', description: 'Low back pain' },
      diagnosisCode2: 'S93.4',
      providerId: provider.id,
      medicalName: 'Discovery Health',
      medicalNumber: '123456789',
      medicalPlan: 'Classic Comprehensive',
      medicalMemberFirstname: 'Anele',
      medicalMemberLastname: 'Zulu',
      medicalMemberInitials: 'A',
      medicalMemberId: '5001010100082',
      medicalMemberCode: '00',
      medicalDependantCode: '01',
      claimPreference: 'Practice',
      authorisation: 'AUTH-1',
      inHospital: 'N',
      pmb: 'Y',
      referringFirstname: 'Sarah',
      referringLastname: 'Naidoo',
      referringEmail: 'dr.naidoo@example.com',
      referringMobile: '082 444 1234',
      referringPracticeNumber: '0123456',
      referringRegistrationNumber: 'MP0123456',
      referringQualification: 'MBChB',
      rafLinkNumber: 'RAF/2026/001',
      region: 'Gauteng',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      diagnosisCode1: 'M54.5',
      providerName: provider.name,
      pmb: 'Y',
      rafLinkNumber: 'RAF/2026/001',
    });
    expect(body.diagnoses.map((d: { slot: number; code: string }) => [d.slot, d.code])).toEqual([
      [1, 'M54.5'],
      [2, 'S93.4'],
    ]);
    expect((await get()).json().medicalPlan).toBe('Classic Comprehensive');
  });

  it('flags a code that is not valid as the primary diagnosis, without refusing it', async () => {
    const res = await put({ diagnosisCode1: 'G63.2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([
      { path: 'diagnosisCode1', message: 'G63.2 is not valid as a primary diagnosis.' },
    ]);
    expect((await put({ diagnosisCode1: 'M54.5' })).json().warnings).toEqual([]);
  });

  it('refuses unknown codes, another company’s provider and a bad e-mail, and changes nothing', async () => {
    const ukProvider = (
      await ctx.app.inject({ url: '/api/provider/name/bupa', headers: uk.bearer })
    ).json()[0];
    const res = await put({
      diagnosisCode3: 'XYZ.9',
      providerId: ukProvider.id,
      referringEmail: 'nope',
      medicalPlan: 'Changed',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['body.diagnosisCode3', 'body.providerId', 'body.referringEmail']);
    expect((await get()).json().medicalPlan).toBe('Classic Comprehensive');
  });

  it('is refused to a financial adviser (type F) by the API, not only the menu', async () => {
    const ukClient = (
      await ctx.app.inject({ url: `/api/client1/company/${uk.user.companyId}/lazy`, headers: uk.bearer })
    ).json().content[0].id;
    expect((await get(uk, ukClient)).statusCode).toBe(403);
    expect((await put({ medicalName: 'x' }, uk, ukClient)).statusCode).toBe(403);
  });
});

describe('reference searches', () => {
  it('ICD-10: code prefix and description contains, 20 at most, codes first', async () => {
    const byCode = (await ctx.app.inject({ url: '/api/icd10code/simple/m54', headers: za.bearer })).json();
    expect(byCode.map((c: { code: string }) => c.code)).toEqual(['M54', 'M54.2', 'M54.5']);
    const byText = (await ctx.app.inject({ url: '/api/icd10code/simple/SPRAIN', headers: za.bearer })).json();
    expect(byText.map((c: { code: string }) => c.code)).toEqual(['S13.4', 'S83.6', 'S93.4']);
    const many = (await ctx.app.inject({ url: '/api/icd10code/simple/un', headers: za.bearer })).json();
    expect(many.length).toBeLessThanOrEqual(20);
    expect((await ctx.app.inject({ url: '/api/icd10code/simple/%25', headers: za.bearer })).json()).toEqual(
      [],
    );
  });

  it('providers: only the caller’s company', async () => {
    const za1 = (await ctx.app.inject({ url: '/api/provider/name/a', headers: za.bearer })).json();
    expect(za1.length).toBeGreaterThan(3);
    expect(za1.map((p: { name: string }) => p.name)).not.toContain('Bupa');
    expect((await ctx.app.inject({ url: '/api/provider/name/bupa', headers: za.bearer })).json()).toEqual([]);
  });
});
