import { Button } from 'primereact/button';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { saveBlob } from '../../lib/saveFile.ts';

export type ReportFormat = 'csv' | 'pdf';

/** What a report's notice says when it or its file could not be had. */
export const problemOf = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? [error.message, ...(error.fields ?? []).map((f) => f.message)].join(' ')
    : 'The report could not be loaded.';

interface ReportDownloadsProps {
  formats: readonly ReportFormat[];
  /** The report's name, for the test ids (`{report}-csv`) and the console. */
  report: string;
  disabled: boolean;
  fetchFile: (format: ReportFormat) => Promise<{ blob: Blob; fileName: string }>;
}

/** A report's files as shown; each button says it is working until its file arrives. */
export function ReportDownloads({ formats, report, disabled, fetchFile }: ReportDownloadsProps) {
  const toast = useToast();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      const { blob, fileName } = await fetchFile(format);
      saveBlob(blob, fileName);
    } catch (error) {
      console.error(`Downloading the ${report} report failed`, error);
      toast.error(`The ${format.toUpperCase()} could not be made. ${problemOf(error)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="report-downloads" aria-busy={busy !== null}>
      {formats.map((format) => (
        <Button
          key={format}
          type="button"
          label={busy === format ? `Preparing ${format.toUpperCase()}…` : `Download ${format.toUpperCase()}`}
          icon={format === 'csv' ? 'pi pi-file' : 'pi pi-file-pdf'}
          size="small"
          outlined
          loading={busy === format}
          disabled={disabled || busy !== null}
          onClick={() => void download(format)}
          data-testid={`${report}-${format}`}
        />
      ))}
      {busy && (
        <span className="muted" role="status">
          Preparing the {busy.toUpperCase()} file…
        </span>
      )}
    </div>
  );
}
