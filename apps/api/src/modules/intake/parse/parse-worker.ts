import { type ParseJob, parseIntake } from './parse-intake.ts';

/**
 * A parse child process (parse-pool.ts forks it through lib/child-pool): one job at a time, answered over
 * the IPC channel. The pool kills the process when a job runs past its time limit or its memory cap.
 */
process.on('message', async (job: ParseJob) => {
  // The channel delivers a Buffer as a Buffer; pdf.js takes a plain Uint8Array only.
  const bytes = new Uint8Array(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  process.send?.(await parseIntake({ ...job, bytes }));
});
process.send?.({ ready: true });
