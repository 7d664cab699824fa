import type { FormShownAnswer } from '@pd/contracts';

/** Every answer as submitted, in the form's order, read-only: what the PDF shows too (issue 18, part 5). */
export function SubmittedAnswers({ answers }: { answers: FormShownAnswer[] }) {
  return (
    <section className="reminders-section" aria-labelledby="review-answers-heading">
      <h2 id="review-answers-heading">All answers</h2>
      {answers.length === 0 ? (
        <p role="status">The submission holds no answers.</p>
      ) : (
        <dl className="form-review__answers" data-testid="review-answers">
          {answers.map((a) => (
            <div key={a.linkId} className="form-review__answer">
              <dt>
                {a.groups.length > 0 && <span className="form-review__groups">{a.groups.join(' › ')}</span>}
                {a.text ?? a.linkId}
                {a.mapped && <span className="muted"> (fills the record)</span>}
              </dt>
              {a.values.map((value, i) => (
                // Answers repeat (several allergies); their order is the client's.
                // biome-ignore lint/suspicious/noArrayIndexKey: the same text may be given twice
                <dd key={i}>{value}</dd>
              ))}
              {a.images.map((image, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: images have no other identity
                <dd key={`img-${i}`}>
                  <img
                    className="form-review__signature"
                    src={`data:image/png;base64,${image}`}
                    alt={`${a.text ?? 'Signature'} as drawn`}
                  />
                </dd>
              ))}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
