import {
  MAX_REMINDER_SMS_SEGMENTS,
  type MergeValues,
  type ReminderChannel,
  renderTemplate,
  smsCost,
  TEMPLATE_MESSAGES,
  type TemplatePreview,
} from '@pd/contracts';
import type { ReminderCompany } from './reminder-company.ts';
import { invalidField } from './reminder-errors.ts';

/** A template rendered with the given values: what the client would get, and for SMS its count and cost. */
export function renderedPreview(
  company: Pick<ReminderCompany, 'segmentPriceCents'>,
  template: { channel: ReminderChannel; subject?: string | null | undefined; body: string },
  values: MergeValues,
): TemplatePreview {
  const text = renderTemplate(template.body, values);
  const subject = template.channel === 'email' ? renderTemplate(template.subject ?? '', values) : null;
  const counted = smsCost(text, company.segmentPriceCents);
  const sms = template.channel === 'sms';
  return {
    channel: template.channel,
    subject,
    text,
    characters: sms ? counted.characters : text.length,
    segments: sms ? counted.segments : 0,
    encoding: counted.encoding,
    perSegment: counted.perSegment,
    segmentPriceCents: company.segmentPriceCents,
    costCents: sms ? counted.costCents : 0,
    maxSegments: MAX_REMINDER_SMS_SEGMENTS,
    fits: !sms || counted.segments <= MAX_REMINDER_SMS_SEGMENTS,
  };
}

/** The preview with the company's values and typical client values (the Send SMS panel's count). */
export const samplePreview = (
  company: ReminderCompany,
  template: { channel: ReminderChannel; subject?: string | null | undefined; body: string },
) => renderedPreview(company, template, company.sample);

/** 400 on body.body when an SMS template would take more than six segments with typical values. */
export function assertFits(company: ReminderCompany, template: Parameters<typeof samplePreview>[1]) {
  const preview = samplePreview(company, template);
  if (!preview.fits) throw invalidField('body.body', TEMPLATE_MESSAGES.tooManySegments(preview.segments));
  return preview;
}
