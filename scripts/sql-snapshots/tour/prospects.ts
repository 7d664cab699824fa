import { type Session, Tour } from './support.ts';

type Stage = { id: number; name: string; kind: string };

/**
 * Prospects (issue 17): pipelines in Settings, a prospect and its opportunity, the board with its filters,
 * the list, a change and moves through the stages to Won (the prospect becomes a client). The UK adviser's
 * company, whose menu (business) has Prospects.
 */
export async function tourProspects(tour: Tour) {
  const admin: Session = await tour.as('uk.admin');
  const c = admin.user.companyId;
  const pipelines = (await tour.send(admin, 'GET', `/api/pipeline/${c}`)).json() as {
    id: number;
    stages: Stage[];
  }[];
  const pipeline = pipelines[0];
  if (!pipeline) throw new Error('the demo has no pipeline');
  const stage = (kind: string, n = 0) => pipeline.stages.filter((s) => s.kind === kind)[n] as Stage;
  const created = await tour.post(admin, `/api/pipeline/${c}`, {
    name: 'Referrals',
    stages: [
      { name: 'Introduced', kind: 'open', probability: 10 },
      { name: 'Signed', kind: 'won', probability: 100 },
    ],
  });
  await tour.put(admin, `/api/pipeline/specific/${Tour.idOf(created)}`, {
    name: 'Referrals',
    stages: [{ name: 'Introduced', kind: 'open', probability: 20 }],
  });
  const prospect = Tour.idOf(
    await tour.post(admin, `/api/client1/${c}`, {
      type: 'N',
      firstName: 'Tour',
      lastName: 'Prospect',
      preferredName: 'Tour',
      email: 'tour.prospect@example.com',
      mobile: '07911 123456',
      addressCountry: 'UK',
      address1: '1 High Street',
      addressRegion: 'London',
      addressState: 'Greater London',
      addressPostalCode: 'SW1A 1AA',
      lifecycle: 'prospect',
    }),
  );
  const opportunity = Tour.idOf(
    await tour.post(admin, `/api/opportunity/${c}`, {
      clientId: prospect,
      pipelineId: pipeline.id,
      stageId: stage('open').id,
      title: 'Pension review',
      valueCents: 1_000_000,
      expectedCloseDate: '2026-12-15',
    }),
  );
  // Part 5: Won needs a record of advice here (type F): the rule, then the note attached before Won.
  const template = Tour.idOf(
    await tour.post(admin, `/api/notetemplate/${c}`, { subject: 'Record of advice' }),
  );
  await tour.put(admin, `/api/prospect/settings/${c}`, { wonNeedsAdvice: true, adviceTemplateId: template });
  await tour.get(admin, `/api/prospect/settings/${c}`);
  const advice = Tour.idOf(
    await tour.post(admin, `/api/note1/client/${prospect}`, { subject: 'Record of advice' }),
  );
  await tour.get(admin, `/api/opportunity/board/${c}`);
  await tour.get(
    admin,
    `/api/opportunity/board/${c}?pipelineId=${pipeline.id}&ownerId=${admin.user.id}&closeMonth=2026-12`,
  );
  await tour.get(admin, `/api/opportunity/lazyloading/${c}?pipelineId=${pipeline.id}&sortField=valueCents`);
  await tour.send(admin, 'PATCH', `/api/opportunity/specific/${opportunity}`, {
    body: { probability: 35, adviceNoteId: advice },
  });
  await tour.post(admin, `/api/opportunity/move/${opportunity}`, { stageId: stage('open', 1).id });
  await tour.post(admin, `/api/opportunity/move/${opportunity}`, { stageId: stage('won').id });
  await tour.get(admin, `/api/opportunity/specific/${opportunity}`);
  await tour.get(admin, `/api/client1/company/${c}/lazy?lifecycle=prospect`);
  // POPIA section 69: the one e-mail that asks for consent, then the answer recorded.
  const asked = Tour.idOf(
    await tour.post(admin, `/api/client1/${c}`, {
      type: 'N',
      firstName: 'Tour',
      lastName: 'Consent',
      preferredName: 'Tour',
      email: 'tour.consent@example.com',
      mobile: '07911 123457',
      addressCountry: 'UK',
      address1: '1 High Street',
      addressRegion: 'London',
      addressState: 'Greater London',
      addressPostalCode: 'SW1A 1AA',
      lifecycle: 'prospect',
    }),
  );
  await tour.post(admin, `/api/client1/${asked}/email`, {
    companyId: c,
    userId: admin.user.id,
    emailSubject: 'May we keep in touch?',
  });
  await tour.put(admin, `/api/prospect/consent/${asked}`, { state: 'given', channel: 'email' });
}
