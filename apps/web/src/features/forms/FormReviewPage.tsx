import '../../styles/client-records.css';
import '../../styles/reminders.css';
import '../../styles/forms.css';
import { FORM_REVIEW_MESSAGES, type FormReview, formatDateTimeIn } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { formRequestsApi, useAcceptForm, useFormReview } from '../../api/formRequests.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { saveBlob } from '../../lib/saveFile.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { LoadProblem } from '../reminders/ListControls.tsx';
import { AcceptFields } from './AcceptFields.tsx';
import { SubmittedAnswers } from './SubmittedAnswers.tsx';

/**
 * #/commonDigitalForms/submission/{id} (issue 18, parts 5 and 6): a submission beside the client's record.
 * Mapped answers show the record's value and the submitted one; staff tick what to accept and the record is
 * updated once. Every answer is shown read-only, with the signature; the PDF is what was submitted.
 */
export function FormReviewPage() {
  const id = Number(useParams().submissionId);
  const review = useFormReview(id);
  usePageTitle(review.data ? `Review ${review.data.formName}` : 'Review a form');
  const missing = review.error instanceof ApiError && review.error.status === 404;
  return (
    <section className="page reminders-page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">{review.data ? `Review: ${review.data.formName}` : 'Review a form'}</h1>
        <Link to="/commonDigitalForms">Back to Forms</Link>
      </div>
      {review.isPending && <p role="status">Loading the submission.</p>}
      {missing ? (
        <p role="alert">This submission does not exist, or belongs to another practice.</p>
      ) : (
        <LoadProblem failed={review.isError} what="The submission" onRetry={() => void review.refetch()} />
      )}
      {review.data && <ReviewBody review={review.data} />}
    </section>
  );
}

function ReviewBody({ review }: { review: FormReview }) {
  const { company } = useSession();
  const toast = useToast();
  const accept = useAcceptForm(company.id, review.submissionId);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await formRequestsApi.pdf(review.submissionId);
      saveBlob(blob, fileName);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The PDF could not be made. Please try again.');
    } finally {
      setDownloading(false);
    }
  };
  const when = (iso: string) => formatDateTimeIn(iso, company.timeZone);
  return (
    <>
      <section className="reminders-section" aria-labelledby="review-submission-heading">
        <h2 id="review-submission-heading">Submission</h2>
        <dl className="form-review__meta">
          <dt>Client</dt>
          <dd>
            {review.clientName ? (
              <Link to={recordHref(review.clientId, 'forms')}>{review.clientName}</Link>
            ) : (
              'Deleted since it was sent: accepting matches the answers by ID number, else e-mail.'
            )}
          </dd>
          <dt>Form</dt>
          <dd>
            {review.formName}, version {review.version}
          </dd>
          <dt>Submitted</dt>
          <dd>{when(review.submittedAt)}</dd>
          <dt>IP address</dt>
          <dd>{review.ip}</dd>
          <dt>Browser</dt>
          <dd>{review.userAgent || 'Not given'}</dd>
          <dt>Seal</dt>
          <dd>
            <code>{review.seal}</code>{' '}
            {review.sealValid ? (
              '(matches the stored answers)'
            ) : (
              <strong>(does NOT match the stored answers)</strong>
            )}
          </dd>
        </dl>
        <Button
          type="button"
          label="Download PDF"
          icon="pi pi-file-pdf"
          outlined
          loading={downloading}
          onClick={() => void download()}
        />
      </section>
      <AcceptFields
        review={review}
        busy={accept.isPending}
        onAccept={(linkIds) =>
          accept.mutateAsync({ linkIds }).then((after) => {
            toast.success(FORM_REVIEW_MESSAGES.accepted(after.acceptance?.fields.length ?? 0));
          })
        }
        acceptedAt={review.acceptance ? when(review.acceptance.acceptedAt) : null}
      />
      <SubmittedAnswers answers={review.answers} />
    </>
  );
}
