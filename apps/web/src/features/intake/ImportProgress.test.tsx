import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportProgress, progressText } from './ImportProgress.tsx';

afterEach(cleanup);

describe('import progress', () => {
  it('says when the file waits for a free parser, and how many files go first', () => {
    const importing = { phase: 'importing' } as const;
    expect(progressText({ phase: 'uploading', percent: 40 }, null)).toBe('Uploading the file: 40%.');
    expect(progressText(importing, { reading: 0, waiting: 1, ahead: 2 })).toBe(
      'Queued: waiting for a free reader, 2 files of other practices first.',
    );
    expect(progressText(importing, { reading: 1, waiting: 3, ahead: 1 })).toBe(
      'Queued: waiting for a free reader, 3 files of your practice in line, 1 file of other practices first.',
    );
    expect(progressText(importing, { reading: 1, waiting: 1, ahead: 0 })).toBe(
      'Queued: waiting for a free reader, yours is next.',
    );
    expect(progressText(importing, { reading: 1, waiting: 0, ahead: 0 })).toBe(
      'Importing the clients. Please wait.',
    );
    expect(progressText(importing, null)).toBe('Importing the clients. Please wait.');
  });

  it('shows the queued state in the status region', () => {
    render(<ImportProgress progress={{ phase: 'importing' }} queue={{ reading: 0, waiting: 1, ahead: 3 }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Queued: waiting for a free reader, 3 files of other practices first.',
    );
  });
});
