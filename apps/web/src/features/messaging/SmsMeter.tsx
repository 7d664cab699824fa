import { formatMoney, smsSegments } from '@pd/contracts';

export const SMS_METER_ID = 'sms-meter';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface SmsMeterProps {
  text: string;
  currency: string;
  /** Price of one segment; unknown while the credit account loads. */
  segmentPriceCents: number | undefined;
  /** How many messages the cost is for (1 for one client). */
  recipients?: number;
}

/**
 * Characters used, segments and cost of an SMS as the network counts them (GSM-7: 160 in one message, 153
 * per part; UCS-2, e.g. with an emoji: 70 and 67). Described-by of the text box, so it is read on focus.
 */
export function SmsMeter({ text, currency, segmentPriceCents, recipients = 1 }: SmsMeterProps) {
  const counted = smsSegments(text);
  const left = counted.segments === 0 ? 160 : counted.segments * counted.perSegment - counted.characters;
  const cost =
    segmentPriceCents === undefined
      ? '…'
      : formatMoney(counted.segments * segmentPriceCents * recipients, currency);
  return (
    <div id={SMS_METER_ID} className="sms-meter" data-testid="sms-meter">
      <span data-testid="sms-characters">{plural(counted.characters, 'character', 'characters')}</span>
      <span aria-hidden="true">·</span>
      <span data-testid="sms-segments">{plural(counted.segments, 'segment', 'segments')}</span>
      <span className="muted" data-testid="sms-encoding">
        ({counted.encoding}:{' '}
        {counted.segments > 1 ? `${counted.perSegment} per part` : `up to ${counted.perSegment}`}, {left}{' '}
        left)
      </span>
      <span aria-hidden="true">·</span>
      <span>
        Cost <strong data-testid="sms-cost">{cost}</strong>
      </span>
    </div>
  );
}
