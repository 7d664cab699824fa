import { noteTemplates } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';

/** Demo note templates: a physiotherapy practice (type H) and a financial adviser (type F). */
export const DEMO_NOTE_TEMPLATES: Record<'H' | 'F', { subject: string; body: string }[]> = {
  H: [
    {
      subject: 'Initial assessment',
      body: '<p><strong>Presenting complaint:</strong> </p><p><strong>History:</strong> </p><p><strong>Pain (VAS 0-10):</strong> </p><p><strong>Range of motion:</strong> </p><p><strong>Special tests:</strong> </p><p><strong>Assessment:</strong> </p><p><strong>Plan:</strong> </p>',
    },
    {
      subject: 'Follow-up treatment (SOAP)',
      body: '<p><strong>S:</strong> </p><p><strong>O:</strong> </p><p><strong>A:</strong> </p><p><strong>P:</strong> </p>',
    },
    {
      subject: 'Home exercise programme',
      body: '<p>Exercises given today:</p><ol><li data-list="ordered">Exercise, sets x repetitions, times a day</li></ol><p>Review at next session.</p>',
    },
    {
      subject: 'Discharge summary',
      body: '<p><strong>Treatment period:</strong> </p><p><strong>Sessions:</strong> </p><p><strong>Outcome:</strong> </p><p><strong>Advice on discharge:</strong> </p>',
    },
  ],
  F: [
    {
      subject: 'Annual review meeting',
      body: '<p><strong>Attendees:</strong> </p><p><strong>Changes in circumstances:</strong> </p><p><strong>Attitude to risk:</strong> </p><p><strong>Portfolio performance discussed:</strong> </p><p><strong>Actions agreed:</strong> </p>',
    },
    {
      subject: 'Fact find summary',
      body: '<p><strong>Income and expenditure:</strong> </p><p><strong>Assets and liabilities:</strong> </p><p><strong>Existing pensions and protection:</strong> </p><p><strong>Objectives:</strong> </p>',
    },
    {
      subject: 'Suitability letter sent',
      body: '<p>Suitability report sent on . Recommendation: . Client to confirm by .</p>',
    },
    {
      subject: 'Telephone call',
      body: '<p><strong>Reason for call:</strong> </p><p><strong>Discussed:</strong> </p><p><strong>Follow-up:</strong> </p>',
    },
  ],
};

export async function insertDemoNoteTemplates(tx: Tx, companyId: number, type: 'H' | 'F'): Promise<void> {
  await tx.insert(noteTemplates).values(
    DEMO_NOTE_TEMPLATES[type].map((t) => ({
      companyId,
      subject: t.subject,
      body: sanitizeRichText(t.body),
    })),
  );
}
