import { ProgressBar } from 'primereact/progressbar';
import type { UploadProgress } from './uploadIntake.ts';

/** Upload percentage, then an open-ended bar while the server reads and imports the file. */
export function ImportProgress({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  const text =
    progress.phase === 'uploading'
      ? `Uploading the file: ${progress.percent}%.`
      : 'Importing the clients. Please wait.';
  return (
    <div className="intake-progress" role="status" aria-live="polite" data-testid="intake-progress">
      <ProgressBar
        mode={progress.phase === 'uploading' ? 'determinate' : 'indeterminate'}
        value={progress.phase === 'uploading' ? progress.percent : undefined}
        showValue={false}
        aria-label={text}
        style={{ height: '0.5rem' }}
      />
      <span>{text}</span>
    </div>
  );
}
