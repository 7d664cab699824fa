import './intake.css';
import {
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  IMPORT_FORMAT_CODES,
  IMPORT_FORMATS,
  type ImportFormat,
  INTAKE_ACCEPT,
  INTAKE_MAX_BYTES,
  INTAKE_MAX_ROWS,
  type IntakeReport,
  SUCCESS_MESSAGES,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { RadioField } from '../../components/form/ChoiceFields.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { PanelFrame } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { ImportProgress } from './ImportProgress.tsx';
import { intakeReports } from './intakeReportStore.ts';
import { failureOf } from './reasons.ts';
import { type UploadProgress, uploadIntake } from './uploadIntake.ts';
import { useIntakeQueue } from './useIntakeQueue.ts';

const MAX_MB = INTAKE_MAX_BYTES / 1024 / 1024;
const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Spec section 5: the format (001 or 002) and one file, at most 10 MB. */
const intakeFormSchema = z.object({
  format: z.enum(IMPORT_FORMAT_CODES as [ImportFormat, ...ImportFormat[]]),
  file: z
    .instanceof(File, { error: ERROR_MESSAGES.noFileSelected })
    .refine((file) => file.size <= INTAKE_MAX_BYTES, FIELD_MESSAGES.fileTooLarge(MAX_MB)),
});
type IntakeInput = z.output<typeof intakeFormSchema>;
interface IntakeValues {
  format: ImportFormat;
  file: File | null;
}

/** Spec section 8: "No file selected." stands alone; every other reason follows the import's failure. */
const failureText = (reason: string) =>
  reason === ERROR_MESSAGES.noFileSelected ? reason : `${ERROR_MESSAGES.importIntake} ${reason}`;

/**
 * Tab 26: choose the format and a file (.csv or .pdf), Import. On success the list reloads and tab 1
 * shows, with the import's report; on failure the reason stays here so another file can be chosen.
 */
export function ImportIntakePanel({ onDone, onCancel }: ClientPanelProps) {
  const { company } = useSession();
  const toast = useToast();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<{ reason: string; details: string[] } | null>(null);
  const { form, submit } = useContractForm<IntakeValues, IntakeInput, IntakeReport>({
    schema: intakeFormSchema,
    defaultValues: { format: '001', file: null },
    save: ({ format, file }) => {
      setFailure(null);
      return uploadIntake(format, company.id, file, setProgress);
    },
    success: (_, report) => {
      intakeReports.show(report);
      return SUCCESS_MESSAGES.importIntake;
    },
    failure: (error) => failureText(failureOf(error).reason),
    onFailure: (error) => {
      console.error('Importing client intake failed', error);
      setFailure(failureOf(error));
      setProgress(null);
    },
    // The file's own problem (none chosen, too large) is said like a failed import: a toast and the box.
    onFieldErrors: (fields) => {
      const { error } = form.getFieldState('file');
      const reason = error?.type === 'server' ? undefined : error?.message;
      if (fields.includes('file') && reason) {
        toast.error(failureText(reason));
        setFailure({ reason, details: [] });
      }
    },
    onDone,
  });
  const busy = progress !== null;
  const file = form.watch('file');
  const queue = useIntakeQueue(company.id, progress?.phase === 'importing');

  return (
    <PanelFrame
      title="Import client intake"
      lead={`Intake forms that patients filled in: one PDF per patient (a fillable form or a printed one), or a CSV with a header row and one client per row (at most ${INTAKE_MAX_ROWS.toLocaleString('en-GB')} rows). At most ${MAX_MB} MB.`}
    >
      <FormShell form={form} onSubmit={submit} idPrefix="intake-" className="client-form intake-form">
        <fieldset className="client-form__body" disabled={busy}>
          <RadioField
            name="format"
            legend="Format"
            options={IMPORT_FORMAT_CODES.map((code) => ({
              value: code,
              label: `${code} (${IMPORT_FORMATS[code]})`,
            }))}
            className="client-form__section"
            optionClassName="intake-form__option"
          />
          <div className="client-form__section">
            <label htmlFor="intake-file" className="intake-form__label">
              File (.csv or .pdf)
            </label>
            <Controller
              name="file"
              control={form.control}
              render={({ field }) => (
                <input
                  ref={field.ref}
                  id="intake-file"
                  type="file"
                  accept={INTAKE_ACCEPT}
                  className="intake-form__file"
                  aria-describedby="intake-file-chosen"
                  onChange={(e) => {
                    field.onChange(e.target.files?.[0] ?? null);
                    setFailure(null);
                  }}
                />
              )}
            />
            <p id="intake-file-chosen" className="muted">
              {file ? `${file.name}, ${sizeText(file.size)}` : 'No file chosen yet.'}
            </p>
          </div>
        </fieldset>
        <ImportProgress progress={progress} queue={queue} />
        {failure && (
          <div
            className="notice notice--error intake-form__failure"
            role="alert"
            data-testid="intake-failure"
          >
            <span className="pi pi-exclamation-triangle" aria-hidden="true" />
            <div>
              <p>{failureText(failure.reason)}</p>
              {failure.details.length > 0 && (
                <ul>
                  {failure.details.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
        <div className="client-form__actions">
          <Button type="submit" label="Import" icon="pi pi-upload" loading={busy} disabled={busy} />
          <Button
            type="button"
            label="Cancel"
            icon="pi pi-times"
            outlined
            onClick={onCancel}
            disabled={busy}
          />
        </div>
      </FormShell>
    </PanelFrame>
  );
}
