import type { IntakeQueue } from '@pd/contracts';
import { ProgressBar } from 'primereact/progressbar';
import type { UploadProgress } from './uploadIntake.ts';

/** What the bar says: the upload's percentage, the wait for a free parser, or the import itself. */
export function progressText(progress: UploadProgress, queue: IntakeQueue | null): string {
  if (progress.phase === 'uploading') return `Uploading the file: ${progress.percent}%.`;
  if (queue && queue.waiting > 0) {
    const files = (n: number, whose: string) => (n === 1 ? `1 file of ${whose}` : `${n} files of ${whose}`);
    const parts = [
      queue.waiting > 1 ? `${files(queue.waiting, 'your practice')} in line` : '',
      queue.ahead > 0 ? `${files(queue.ahead, 'other practices')} first` : '',
    ].filter(Boolean);
    return `Queued: waiting for a free reader, ${parts.length > 0 ? parts.join(', ') : 'yours is next'}.`;
  }
  return 'Importing the clients. Please wait.';
}

/** Upload percentage, then an open-ended bar while the file waits for a parser and is imported. */
export function ImportProgress({
  progress,
  queue,
}: {
  progress: UploadProgress | null;
  queue: IntakeQueue | null;
}) {
  if (!progress) return null;
  const text = progressText(progress, queue);
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
