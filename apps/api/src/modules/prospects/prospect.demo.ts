import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  clients,
  opportunities,
  opportunityStageHistory,
  pipelineStages,
  pipelines,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist, selectRows } from '../../lib/sql.ts';

type StageSeed = [name: string, kind: 'open' | 'won' | 'lost', probability: number];
const NEW_BUSINESS: StageSeed[] = [
  ['New', 'open', 10],
  ['Contacted', 'open', 20],
  ['Needs analysis', 'open', 40],
  ['Proposal', 'open', 70],
  ['Won', 'won', 100],
  ['Lost', 'lost', 0],
];
const EXISTING_CLIENTS: StageSeed[] = [
  ['Review due', 'open', 30],
  ['Recommendation', 'open', 60],
  ['Won', 'won', 100],
  ['Lost', 'lost', 0],
];
/** Prospects of the UK adviser: first and last name, e-mail, source. */
const PROSPECTS: [string, string, string][] = [
  ['Megan', 'Harris', 'Referral'],
  ['Thomas', 'Clarke', 'Website'],
  ['Olivia', 'Lewis', 'Seminar'],
  ['Samuel', 'Walker', 'Referral'],
  ['Chloe', 'Young', 'Website'],
  ['Ryan', 'King', 'Cold call'],
  ['Sophie', 'Wright', 'Referral'],
  ['Lewis', 'Green', 'Seminar'],
];
const TITLES = ['Pension transfer', 'Life cover', 'ISA portfolio', 'Income protection', 'Retirement plan'];

const idRow = z.object({ id: z.number() });

async function insertPipeline(tx: Tx, companyId: number, name: string, position: number, seeds: StageSeed[]) {
  const [pipeline] = await tx
    .insert(pipelines)
    .values({ companyId, name, position })
    .returning({ id: pipelines.id });
  const pipelineId = mustExist(pipeline, 'Pipeline').id;
  const stages = await tx
    .insert(pipelineStages)
    .values(
      seeds.map(([n, kind, probability], i) => ({
        companyId,
        pipelineId,
        name: n,
        kind,
        probability,
        position: i,
      })),
    )
    .returning({ id: pipelineStages.id, kind: pipelineStages.kind, probability: pipelineStages.probability });
  return { pipelineId, stages };
}

/**
 * Issue 17: every demo company gets the two pipelines (new business, existing clients); the UK adviser's
 * (type F) are populated: eight prospects across the new-business stages and reviews of existing clients.
 */
export async function insertDemoPipelines(tx: Tx, companyId: number, country: string): Promise<void> {
  const fresh = await insertPipeline(tx, companyId, 'New business', 0, NEW_BUSINESS);
  const existing = await insertPipeline(tx, companyId, 'Existing clients', 1, EXISTING_CLIENTS);
  if (country !== 'UK') return;
  const owners = await selectRows(
    tx,
    idRow,
    sql`select id::float8 as id from users where company_id = ${companyId}
         and username in ('uk.admin', 'uk.adviser') order by id`,
  );
  const prospects = await tx
    .insert(clients)
    .values(
      PROSPECTS.map(([firstName, lastName]) => ({
        companyId,
        type: 'N',
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        preferredName: firstName,
        email: `${firstName}.${lastName}@prospect.example`.toLowerCase(),
        addressCountry: 'UK',
        lifecycle: 'prospect',
      })),
    )
    .returning({ id: clients.id });
  const known = await selectRows(
    tx,
    idRow,
    sql`select id::float8 as id from clients where company_id = ${companyId} and lifecycle = 'client'
         and deleted_at is null order by id limit 4`,
  );
  const today = new Date();
  const closeDate = (n: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + (n % 3), 5 + ((n * 7) % 20)))
      .toISOString()
      .slice(0, 10);
  const rows = [
    ...prospects.map((p, n) => {
      // Open stages only: the last two prospects sit in New, the rest spread over the pipeline.
      const stage = fresh.stages[n % 4];
      return { clientId: p.id, pipelineId: fresh.pipelineId, stage, source: PROSPECTS[n]?.[2] ?? '', n };
    }),
    ...known.map((c, i) => ({
      clientId: c.id,
      pipelineId: existing.pipelineId,
      stage: existing.stages[i % 2],
      source: 'Annual review',
      n: i + 10,
    })),
  ];
  for (const row of rows) {
    const stage = mustExist(row.stage, 'Stage');
    const [inserted] = await tx
      .insert(opportunities)
      .values({
        companyId,
        clientId: row.clientId,
        pipelineId: row.pipelineId,
        stageId: stage.id,
        title: TITLES[row.n % TITLES.length] ?? 'Review',
        valueCents: 500_000 + ((row.n * 1_234_567) % 9_000_000),
        commissionCents: 25_000 + ((row.n * 98_765) % 400_000),
        probability: stage.probability,
        expectedCloseDate: closeDate(row.n),
        ownerId: owners[row.n % owners.length]?.id ?? 0,
        source: row.source,
      })
      .returning({ id: opportunities.id, ownerId: opportunities.ownerId });
    const opportunity = mustExist(inserted, 'Opportunity');
    await tx.insert(opportunityStageHistory).values({
      companyId,
      opportunityId: opportunity.id,
      fromStageId: null,
      toStageId: stage.id,
      changedById: opportunity.ownerId,
    });
  }
}
