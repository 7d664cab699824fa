import '../../../../styles/prospects.css';
import { isAdministrator, type Pipeline, STAGE_KIND_LABELS, type Stage } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { usePipelines } from '../../../../api/prospects.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { QueryProblem } from '../../billing/QueryProblem.tsx';
import '../diary/diary.css';
import { AdviceRuleSection } from './AdviceRuleSection.tsx';
import { PipelineDialog } from './PipelineDialog.tsx';

/**
 * Issue 17: the company's sales pipelines with their stages in order (kind, default probability), and the
 * rule that Won needs a record of advice. Everyone with Prospects reads; administrators change them.
 */
export function PipelinesTab() {
  const { user, company } = useSession();
  const pipelines = usePipelines(company.id);
  const canChange = isAdministrator(user);
  const [editing, setEditing] = useState<{ pipeline: Pipeline | null } | null>(null);
  const list = pipelines.data ?? [];
  return (
    <div className="diary-tab">
      <section className="settings-section" aria-labelledby="settings-pipelines-heading">
        <div className="settings-section__header">
          <h2 id="settings-pipelines-heading">Pipelines</h2>
          {canChange && (
            <Button
              type="button"
              label="Add pipeline"
              icon="pi pi-plus"
              size="small"
              onClick={() => setEditing({ pipeline: null })}
            />
          )}
        </div>
        <QueryProblem query={pipelines} what="the pipelines" />
        {pipelines.data && list.length === 0 && <p className="muted">No pipelines yet.</p>}
        {list.map((pipeline) => (
          <PipelineStages
            key={pipeline.id}
            pipeline={pipeline}
            onEdit={canChange ? () => setEditing({ pipeline }) : undefined}
          />
        ))}
      </section>
      <AdviceRuleSection />
      {editing && (
        <PipelineDialog
          pipeline={editing.pipeline}
          position={list.reduce((last, p) => Math.max(last, p.position + 1), 0)}
          onDone={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function PipelineStages({ pipeline, onEdit }: { pipeline: Pipeline; onEdit?: () => void }) {
  const headingId = `settings-pipeline-${pipeline.id}`;
  return (
    <div className="pipeline-settings" data-testid={`pipeline-${pipeline.name}`}>
      <div className="settings-section__header">
        <h3 id={headingId} className="pipeline-settings__heading">
          {pipeline.name}
        </h3>
        {onEdit && (
          <Button
            type="button"
            label="Edit"
            icon="pi pi-pencil"
            size="small"
            outlined
            aria-label={`Edit ${pipeline.name}`}
            onClick={onEdit}
          />
        )}
      </div>
      <DataTable
        value={pipeline.stages}
        dataKey="id"
        size="small"
        stripedRows
        className="settings-table"
        pt={{ table: { 'aria-labelledby': headingId } }}
      >
        <Column header="Order" body={(_: Stage, { rowIndex }) => rowIndex + 1} />
        <Column field="name" header="Stage" />
        <Column header="Kind" body={(s: Stage) => STAGE_KIND_LABELS[s.kind]} />
        <Column header="Default probability" body={(s: Stage) => `${s.probability}%`} />
      </DataTable>
    </div>
  );
}
