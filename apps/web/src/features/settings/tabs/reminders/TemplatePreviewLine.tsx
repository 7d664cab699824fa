import { formatMoney } from '@pd/contracts';
import { useTemplatePreview } from '../../../../api/reminders.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { useCurrency } from '../../../../lib/company.ts';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The text with typical values, and for SMS its characters, segments and cost (the server counts). */
export function TemplatePreviewLine({ channel, body }: { channel: 'sms' | 'email'; body: string }) {
  const { company } = useSession();
  const currency = useCurrency();
  const settled = useDebouncedValue({ channel, body }, 400);
  const preview = useTemplatePreview(company.id, settled);
  const p = preview.data;
  return (
    <div id="template-preview" className="sms-meter" aria-live="polite" data-testid="template-preview">
      {settled.body.trim() === '' ? (
        <span className="muted">The preview shows once there is text.</span>
      ) : preview.isError ? (
        <span className="muted">No preview: check the merge fields.</span>
      ) : !p ? (
        <span className="muted">Counting…</span>
      ) : (
        <>
          <span className="muted">Preview: {p.text}</span>
          {p.channel === 'sms' && (
            <span data-testid="template-count">
              {plural(p.characters, 'character', 'characters')} · {plural(p.segments, 'segment', 'segments')}{' '}
              · cost {formatMoney(p.costCents, currency)}
              {!p.fits && ` — too long: at most ${p.maxSegments} segments`}
            </span>
          )}
        </>
      )}
    </div>
  );
}
