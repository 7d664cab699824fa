import type { FormReview, FormReviewField } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { scrollingTablePt } from '../../components/a11y.ts';

interface AcceptFieldsProps {
  review: FormReview;
  busy: boolean;
  onAccept: (linkIds: string[]) => Promise<void>;
  /** When the submission was accepted, in the company's zone; null while it is not. */
  acceptedAt: string | null;
}

const problemsOf = (error: unknown) =>
  error instanceof ApiError
    ? error.fields?.length
      ? error.fields.map((f) => ({ linkId: f.path.replace(/^body\.linkIds\.?/, ''), message: f.message }))
      : [{ linkId: '', message: error.message }]
    : [{ linkId: '', message: 'Something went wrong. Please try again.' }];

/**
 * The mapped answers beside the record (issue 18, part 6): each with the record's value now and the submitted
 * one, ticked by default where they differ. Accept writes the ticked ones (possibly none) once; afterwards the
 * table says who accepted what and nothing can be ticked.
 */
export function AcceptFields({ review, busy, onAccept, acceptedAt }: AcceptFieldsProps) {
  const accepted = review.acceptance;
  const [ticked, setTicked] = useState(
    () => new Set(review.fields.filter((f) => f.changes).map((f) => f.linkId)),
  );
  const [problems, setProblems] = useState<{ linkId: string; message: string }[]>([]);
  const toggle = (linkId: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(linkId);
      else next.delete(linkId);
      return next;
    });
  const isTicked = (f: FormReviewField) =>
    accepted ? accepted.fields.includes(f.field) : ticked.has(f.linkId);
  const submit = async () => {
    setProblems([]);
    try {
      await onAccept(review.fields.filter((f) => ticked.has(f.linkId)).map((f) => f.linkId));
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };
  const label = (f: FormReviewField) => f.text ?? f.linkId;
  return (
    <section className="reminders-section" aria-labelledby="review-fields-heading">
      <h2 id="review-fields-heading">Record fields</h2>
      {accepted ? (
        <p className="notice" role="status" data-testid="form-accepted">
          Accepted by {accepted.acceptedBy} on {acceptedAt}
          {accepted.createdClient ? ', as a new client' : ''}:{' '}
          {accepted.fields.length === 0
            ? 'no field of the record changed.'
            : `${accepted.fields.join(', ')}.`}
        </p>
      ) : (
        <p className="muted">
          Tick the answers to take into the record; answers that match it are left unticked. Accepting is done
          once and is recorded in the audit trail.
        </p>
      )}
      <DataTable
        value={review.fields}
        dataKey="linkId"
        size="small"
        stripedRows
        scrollable
        className="record-table"
        data-testid="review-fields"
        tableStyle={{ minWidth: '40rem' }}
        pt={scrollingTablePt('Record fields')}
        emptyMessage={<span role="status">No answer of this form fills a field of the record.</span>}
      >
        <Column
          header="Accept"
          body={(f: FormReviewField) => (
            <Checkbox
              inputId={`accept-${f.linkId}`}
              checked={isTicked(f)}
              disabled={accepted !== null || busy}
              onChange={(e) => toggle(f.linkId, e.checked === true)}
              aria-label={`Accept ${label(f)}`}
            />
          )}
        />
        <Column
          header="Question"
          body={(f: FormReviewField) => (
            <label htmlFor={`accept-${f.linkId}`}>
              {label(f)} <span className="muted">({f.field})</span>
            </label>
          )}
        />
        <Column
          header="In the record"
          body={(f: FormReviewField) => f.current ?? <span className="muted">Empty</span>}
        />
        <Column
          header="Submitted"
          body={(f: FormReviewField) => (
            <span className={f.changes ? 'form-review__changed' : undefined}>{f.submitted}</span>
          )}
        />
      </DataTable>
      {problems.length > 0 && (
        <ul className="notice notice--error" role="alert">
          {problems.map((p) => {
            const field = review.fields.find((f) => f.linkId === p.linkId);
            return (
              <li key={`${p.linkId}-${p.message}`}>{field ? `${label(field)}: ${p.message}` : p.message}</li>
            );
          })}
        </ul>
      )}
      {!accepted && (
        <div className="client-form__actions">
          {review.fields.length > 0 && (
            <>
              <Button
                type="button"
                label="Tick all"
                text
                onClick={() => setTicked(new Set(review.fields.map((f) => f.linkId)))}
              />
              <Button type="button" label="Tick none" text onClick={() => setTicked(new Set())} />
            </>
          )}
          <Button
            type="button"
            label={ticked.size === 0 ? 'Accept without changes' : `Accept ${ticked.size} field(s)`}
            icon="pi pi-check"
            loading={busy}
            onClick={() => void submit()}
          />
        </div>
      )}
    </section>
  );
}
