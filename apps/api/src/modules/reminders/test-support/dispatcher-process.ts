/**
 * A reminder dispatcher in a process of its own, so that a test can kill it (SIGKILL) mid-dispatch:
 *   node --import tsx dispatcher-process.ts <databaseUrl> claim|commit
 * claim: stops inside its first batch's transaction once the rows are claimed, printing "claimed <ids>";
 * commit: stops after its first batch committed, before enqueueing delivery, printing "committed <ids>".
 * Either way it then waits for the kill. Batches of 3.
 */
import { openDatabase } from '../../../db/connect.ts';
import { dispatchDue } from '../dispatcher.ts';

const [databaseUrl, mode] = process.argv.slice(2);
if (!databaseUrl || (mode !== 'claim' && mode !== 'commit'))
  throw new Error('usage: dispatcher-process.ts <databaseUrl> claim|commit');
const database = await openDatabase({ databaseUrl, poolSize: 2 });
const stop = (what: string, ids: number[]) => {
  process.stdout.write(`${what} ${ids.join(',')}\n`);
  return new Promise<void>(() => undefined); // until the kill
};
await dispatchDue(
  database.db,
  {
    batchSize: 3,
    hooks:
      mode === 'claim'
        ? { afterClaim: (ids) => (ids.length > 0 ? stop('claimed', ids) : Promise.resolve()) }
        : { afterCommit: (ids) => (ids.length > 0 ? stop('committed', ids) : Promise.resolve()) },
  },
  async () => undefined,
);
process.stdout.write('nothing due\n');
