import './intake.css';
import {
  ERROR_MESSAGES,
  IMPORT_FORMAT_CODES,
  IMPORT_FORMATS,
  type ImportFormat,
  INTAKE_ACCEPT,
  INTAKE_MAX_BYTES,
  INTAKE_MAX_ROWS,
  SUCCESS_MESSAGES,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useRef, useState } from 'react';
import { useSession } from '../../../app/auth/authContext.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { PanelFrame } from '../forms/PanelFrame.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import { ImportProgress } from './ImportProgress.tsx';
import { intakeReports } from './intakeReportStore.ts';
import { failureOf } from './reasons.ts';
import { type UploadProgress, uploadIntake } from './uploadIntake.ts';

const MAX_MB = INTAKE_MAX_BYTES / 1024 / 1024;
const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Tab 26: choose the format and a file (.csv or .pdf), Import. On success the list reloads and tab 1
 * shows, with the import's report; on failure the reason stays here so another file can be chosen.
 */
export function ImportIntakePanel({ onDone, onCancel }: ClientPanelProps) {
  const { company } = useSession();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [format, setFormat] = useState<ImportFormat>('001');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<{ reason: string; details: string[] } | null>(null);
  const busy = progress !== null;

  const fail = (reason: string, details: string[] = []) => {
    setFailure({ reason, details });
    toast.error(
      reason === ERROR_MESSAGES.noFileSelected ? reason : `${ERROR_MESSAGES.importIntake} ${reason}`,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      fail(ERROR_MESSAGES.noFileSelected);
      input.current?.focus();
      return;
    }
    if (file.size > INTAKE_MAX_BYTES) {
      fail(`The file is larger than ${MAX_MB} MB.`);
      return;
    }
    setFailure(null);
    try {
      const report = await uploadIntake(format, company.id, file, setProgress);
      intakeReports.show(report);
      toast.success(SUCCESS_MESSAGES.importIntake);
      onDone();
    } catch (error) {
      console.error('Importing client intake failed', error);
      const { reason, details } = failureOf(error);
      fail(reason, details);
      setProgress(null);
    }
  };

  return (
    <PanelFrame
      title="Import client intake"
      lead={`Intake forms that patients filled in: one PDF per patient (a fillable form or a printed one), or a CSV with a header row and one client per row (at most ${INTAKE_MAX_ROWS.toLocaleString('en-GB')} rows). At most ${MAX_MB} MB.`}
    >
      <form
        className="client-form intake-form"
        onSubmit={submit}
        noValidate
        aria-labelledby="client-panel-title"
      >
        <fieldset className="client-form__body" disabled={busy}>
          <fieldset className="client-form__section">
            <legend>Format</legend>
            {IMPORT_FORMAT_CODES.map((code) => (
              <div key={code} className="intake-form__option">
                <RadioButton
                  inputId={`intake-format-${code}`}
                  name="intake-format"
                  value={code}
                  checked={format === code}
                  onChange={() => setFormat(code)}
                />
                <label htmlFor={`intake-format-${code}`}>
                  {code} ({IMPORT_FORMATS[code]})
                </label>
              </div>
            ))}
          </fieldset>
          <div className="client-form__section">
            <label htmlFor="intake-file" className="intake-form__label">
              File (.csv or .pdf)
            </label>
            <input
              ref={input}
              id="intake-file"
              type="file"
              accept={INTAKE_ACCEPT}
              className="intake-form__file"
              aria-describedby="intake-file-chosen"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFailure(null);
              }}
            />
            <p id="intake-file-chosen" className="muted">
              {file ? `${file.name}, ${sizeText(file.size)}` : 'No file chosen yet.'}
            </p>
          </div>
        </fieldset>
        <ImportProgress progress={progress} />
        {failure && (
          <div
            className="notice notice--error intake-form__failure"
            role="alert"
            data-testid="intake-failure"
          >
            <span className="pi pi-exclamation-triangle" aria-hidden="true" />
            <div>
              <p>
                {failure.reason === ERROR_MESSAGES.noFileSelected
                  ? failure.reason
                  : `${ERROR_MESSAGES.importIntake} ${failure.reason}`}
              </p>
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
      </form>
    </PanelFrame>
  );
}
