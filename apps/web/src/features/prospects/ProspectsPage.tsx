import '../../styles/client-records.css';
import '../../styles/reminders.css';
import '../../styles/prospects.css';
import type { Client, Pipeline } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useCompanyUsers } from '../../api/hooks.ts';
import { useBoard, usePipelines } from '../../api/prospects.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { LoadProblem } from '../reminders/ListControls.tsx';
import { NewOpportunityDialog } from './NewOpportunityDialog.tsx';
import { NewProspectDialog } from './NewProspectDialog.tsx';
import { OpportunityDialog } from './OpportunityDialog.tsx';
import { OpportunityList } from './OpportunityList.tsx';
import { PipelineBoard } from './PipelineBoard.tsx';
import { useProspectFilters } from './useProspectFilters.ts';

const VIEWS = [
  { value: 'board', label: 'Board' },
  { value: 'list', label: 'List' },
];
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Where a new opportunity starts: the pipeline's first open stage. */
const firstOpenStage = (pipeline: Pipeline | undefined) => pipeline?.stages.find((s) => s.kind === 'open');

/**
 * #/commonProspects (issue 17): the pipeline as a board (drag a card to its next stage) or a list, filtered by
 * pipeline, owner and close month. Not in the practice menu.
 */
export function ProspectsPage() {
  usePageTitle('Prospects');
  const { company } = useSession();
  const state = useProspectFilters();
  const [view, setView] = useState<'board' | 'list'>('board');
  const [month, setMonth] = useState('');
  /** A new prospect (then its opportunity), an opportunity for a client picked in the form, or for this one. */
  const [adding, setAdding] = useState<'prospect' | 'opportunity' | Client | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const pipelines = usePipelines(company.id);
  const users = useCompanyUsers(company.id);
  const pipelineId = state.filters.pipelineId ?? pipelines.data?.[0]?.id;
  const pipeline = pipelines.data?.find((p) => p.id === pipelineId);
  const board = useBoard(company.id, { ...state.filters, pipelineId });
  const start = firstOpenStage(pipeline);
  const pipelineOptions = (pipelines.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  const ownerOptions = (users.data ?? [])
    .filter((u) => u.active)
    .map((u) => ({ value: u.id, label: u.displayName }));
  return (
    <section className="page reminders-page prospects-page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">Prospects</h1>
        <p className="page__lead">The pipeline of {company.name}: from first contact to client.</p>
        <Button
          type="button"
          label="New prospect"
          icon="pi pi-user-plus"
          onClick={() => setAdding('prospect')}
          disabled={!start}
        />
        <Button
          type="button"
          label="New opportunity"
          icon="pi pi-plus"
          outlined
          onClick={() => setAdding('opportunity')}
          disabled={!start}
        />
      </div>
      <div className="admin-filters">
        <div className="field">
          <label htmlFor="prospects-pipeline">Pipeline</label>
          <Dropdown
            inputId="prospects-pipeline"
            value={pipelineId ?? null}
            options={pipelineOptions}
            optionLabel="label"
            optionValue="value"
            onChange={(e) => state.setFilter({ pipelineId: e.value ?? undefined })}
            pt={{ select: { 'aria-hidden': true }, trigger: { 'aria-label': 'Choose the pipeline' } }}
          />
        </div>
        <div className="field">
          <label htmlFor="prospects-owner">Owner</label>
          <Dropdown
            inputId="prospects-owner"
            value={state.filters.ownerId ?? null}
            options={ownerOptions}
            optionLabel="label"
            optionValue="value"
            showClear
            placeholder="Anyone"
            onChange={(e) => state.setFilter({ ownerId: e.value ?? undefined })}
            pt={{ select: { 'aria-hidden': true }, trigger: { 'aria-label': 'Choose the owner' } }}
          />
        </div>
        <div className="field">
          <label htmlFor="prospects-month">Close month</label>
          <InputText
            id="prospects-month"
            value={month}
            placeholder="yyyy-mm"
            inputMode="numeric"
            maxLength={7}
            invalid={month !== '' && !MONTH.test(month)}
            aria-describedby="prospects-month-hint"
            onChange={(e) => {
              setMonth(e.target.value);
              const value = e.target.value.trim();
              if (value === '' || MONTH.test(value)) state.setFilter({ closeMonth: value || undefined });
            }}
          />
          <small id="prospects-month-hint" className="muted">
            Expected close in that month, e.g. 2026-03.
          </small>
        </div>
        <SelectButton
          value={view}
          options={VIEWS}
          optionLabel="label"
          optionValue="value"
          allowEmpty={false}
          onChange={(e) => setView(e.value)}
          aria-label="View"
        />
      </div>
      <LoadProblem failed={pipelines.isError} what="The pipelines" onRetry={() => void pipelines.refetch()} />
      {pipelines.data?.length === 0 && (
        <p role="status">No pipeline yet: an administrator adds one in Settings.</p>
      )}
      {view === 'board' ? (
        <>
          <LoadProblem failed={board.isError} what="The board" onRetry={() => void board.refetch()} />
          {board.isPending && pipelines.data?.length !== 0 && <p role="status">Loading the board.</p>}
          {board.data && <PipelineBoard board={board.data} onOpen={setOpened} />}
        </>
      ) : (
        <OpportunityList
          state={{ ...state, listQuery: { ...state.listQuery, pipelineId } }}
          onOpen={setOpened}
        />
      )}
      {adding === 'prospect' && (
        <NewProspectDialog onCreated={(prospect) => setAdding(prospect)} onCancel={() => setAdding(null)} />
      )}
      {adding && adding !== 'prospect' && pipeline && start && (
        <NewOpportunityDialog
          context={{
            clientId: adding === 'opportunity' ? null : adding.id,
            clientName: adding === 'opportunity' ? null : adding.name,
            pipelineId: pipeline.id,
            stageId: start.id,
            stageName: start.name,
          }}
          onDone={() => setAdding(null)}
        />
      )}
      {opened !== null && <OpportunityDialog id={opened} onDone={() => setOpened(null)} />}
    </section>
  );
}
