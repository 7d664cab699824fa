import { parentPort } from 'node:worker_threads';
import { type ParseJob, parseIntake } from './parse-intake.ts';

/** One job at a time; the pool terminates the thread when a job runs past its time limit. */
parentPort?.on('message', async (job: ParseJob) => {
  parentPort?.postMessage(await parseIntake(job));
});
