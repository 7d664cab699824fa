import {
  formatDateTimeIn,
  PROSPECT_MESSAGES as M,
  type OpportunityDetail,
  type OpportunityPatch,
  type ProspectSettings,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Link } from 'react-router-dom';
import { useCompanyUsers } from '../../api/hooks.ts';
import { useClientNotes } from '../../api/notes.ts';
import { useOpportunityDetail, usePatchOpportunity, useProspectSettings } from '../../api/prospects.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { MoneyField, NumberField } from '../../components/form/NumberFields.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useCurrency, useTimeZone } from '../../lib/company.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { QueryProblem } from '../settings/billing/QueryProblem.tsx';
import { FormDialog } from '../settings/FormDialog.tsx';
import {
  editFieldOf,
  editValuesOf,
  type OpportunityEditValues,
  opportunityEditSchema,
} from './opportunityEdit.ts';

/** One opportunity: where it stands, how it got there (the stage history), and its details to change. */
export function OpportunityDialog({ id, onDone }: { id: number; onDone: () => void }) {
  const { company } = useSession();
  const detail = useOpportunityDetail(company.id, id);
  if (!detail.data)
    return (
      <Dialog
        visible
        header="Opportunity"
        onHide={onDone}
        className="settings-dialog"
        modal
        draggable={false}
      >
        <QueryProblem query={detail} what="the opportunity" />
      </Dialog>
    );
  return <OpportunityEditForm key={detail.dataUpdatedAt} opportunity={detail.data} onDone={onDone} />;
}

function OpportunityEditForm({
  opportunity: o,
  onDone,
}: {
  opportunity: OpportunityDetail;
  onDone: () => void;
}) {
  const { company } = useSession();
  const currency = useCurrency();
  const patch = usePatchOpportunity(company.id);
  const users = useCompanyUsers(company.id);
  const notes = useClientNotes(o.clientId);
  const settings = useProspectSettings(company.id);
  const contract = useContractForm<OpportunityEditValues, OpportunityPatch>({
    schema: opportunityEditSchema,
    defaultValues: editValuesOf(o),
    save: (change) => patch.mutateAsync({ id: o.id, patch: change }),
    success: M.opportunityUpdated,
    fieldOf: editFieldOf,
    onDone,
  });
  const ownerOptions = (users.data ?? [])
    .filter((u) => u.active || u.id === o.ownerId)
    .map((u) => ({ value: u.id, label: u.displayName }));
  const noteOptions = (notes.data ?? [])
    .filter((n) => n.status === 'A' || n.id === o.adviceNoteId)
    .map((n) => ({ value: n.id, label: `${n.subject} (${n.authorName})` }));
  return (
    <FormDialog header={`Opportunity: ${o.title}`} contract={contract} onCancel={onDone} wide>
      <OpportunitySummary opportunity={o} />
      <TextField name="title" label="Title" required maxLength={200} />
      <TextField
        name="source"
        label="Source"
        maxLength={100}
        hint="For example Referral, Website, Seminar."
      />
      <MoneyField name="value" label="Value" currency={currency} min={0} />
      <MoneyField name="commission" label="Expected commission or premium" currency={currency} min={0} />
      <NumberField name="probability" label="Probability (%)" min={0} max={100} grouping={false} />
      <SelectField
        name="ownerId"
        label="Owner"
        options={ownerOptions}
        loading={users.isPending}
        placeholder="Choose"
      />
      <DateField name="expectedCloseDate" label="Expected close" />
      <DateField name="nextActionDate" label="Next action" />
      <SelectField
        name="adviceNoteId"
        label="Record of advice"
        options={noteOptions}
        loading={notes.isPending}
        placeholder={notes.data?.length === 0 ? 'The client has no notes yet' : 'None attached'}
        clearable
        wide
        hint={adviceHint(settings.data)}
      />
    </FormDialog>
  );
}

const adviceHint = (settings: ProspectSettings | undefined) =>
  settings?.applies
    ? `Won needs the record of advice attached: a note of the client${
        settings.adviceTemplateSubject ? ` with the subject "${settings.adviceTemplateSubject}"` : ''
      }.`
    : 'A note of the client recording the needs analysis or advice.';

/** The client, the stage (and why lost), and each move with who made it and when, oldest first. */
function OpportunitySummary({ opportunity: o }: { opportunity: OpportunityDetail }) {
  const timeZone = useTimeZone();
  return (
    <div className="opportunity-summary client-form__field--wide">
      <p>
        <Link to={recordHref(o.clientId)}>{o.clientName}</Link>
        {o.lifecycle === 'prospect' ? ' (prospect)' : ''} · <strong>{o.stageName}</strong>
        {o.lostReason ? `: ${o.lostReason}` : ''}
      </p>
      <h3 id="opportunity-history-heading" className="opportunity-summary__heading">
        Stage history
      </h3>
      <ol
        className="opportunity-history"
        aria-labelledby="opportunity-history-heading"
        data-testid="stage-history"
      >
        {o.history.map((h) => (
          <li key={`${h.changedAt}-${h.toStageId}`}>
            {h.fromStage ? `${h.fromStage} → ${h.toStage}` : `Opened in ${h.toStage}`}
            <span className="muted">
              {' '}
              by {h.changedBy}, {formatDateTimeIn(h.changedAt, timeZone)}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The card's and the list row's way into the dialog. */
export function OpenOpportunityButton({ title, onOpen }: { title: string; onOpen: () => void }) {
  return (
    <Button
      type="button"
      link
      className="opportunity-open"
      label={title}
      aria-label={`Open ${title}`}
      onClick={onOpen}
    />
  );
}
