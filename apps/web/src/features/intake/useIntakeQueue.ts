import { type IntakeQueue, intakeQueuePath, intakeQueueSchema } from '@pd/contracts';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../api/client.ts';

const POLL_MS = 1000;

/**
 * While the server has the file (uploaded, not yet answered), asks every second how the company's imports
 * stand: whether the file is still waiting for a free parser, and how many go first. Null until known.
 */
export function useIntakeQueue(companyId: number, active: boolean): IntakeQueue | null {
  const [queue, setQueue] = useState<IntakeQueue | null>(null);
  useEffect(() => {
    setQueue(null);
    if (!active) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        setQueue(
          await apiRequest(intakeQueuePath(companyId), intakeQueueSchema, { signal: controller.signal }),
        );
      } catch {
        // the upload's own answer says what went wrong; a missed poll only keeps the last state
      }
      if (!controller.signal.aborted) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [companyId, active]);
  return queue;
}
