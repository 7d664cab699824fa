/**
 * Which query function issued a statement: the nearest frame of its stack in a `*.queries.ts` or
 * `*.sql.ts` file, else the nearest in apps/api/src/modules (reported: SQL outside a queries file),
 * else the nearest in apps/api/src. The function is the top-level declaration enclosing the frame's
 * line, read from the source, so arrow functions and callbacks count for the function that holds them.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const API_SRC = resolve(REPO_ROOT, 'apps/api/src');

export interface Caller {
  /** Relative to apps/api/src, e.g. modules/invoices/invoice.queries.ts */
  file: string;
  fn: string;
  kind: 'queries' | 'module' | 'other';
}

const FRAME = /\(?((?:file:\/\/)?\/[^():]+):(\d+):\d+\)?$/;
const DECLARATION =
  /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+(\w+)|(?:const|let|class)\s+(\w+))/;

function framesOf(stack: string): { file: string; line: number }[] {
  const frames: { file: string; line: number }[] = [];
  for (const raw of stack.split('\n').slice(1)) {
    const match = FRAME.exec(raw.trim());
    if (!match?.[1] || !match[2]) continue;
    const path = match[1].startsWith('file://') ? fileURLToPath(match[1]) : match[1];
    if (!path.startsWith(`${API_SRC}/`)) continue;
    frames.push({ file: relative(API_SRC, path), line: Number(match[2]) });
  }
  return frames;
}

const declarations = new Map<string, (string | undefined)[]>();

/** For each line of the file, the top-level declaration it belongs to. */
function enclosingNames(file: string): (string | undefined)[] {
  let names = declarations.get(file);
  if (!names) {
    let current: string | undefined;
    names = readFileSync(resolve(API_SRC, file), 'utf8')
      .split('\n')
      .map((line) => {
        const match = DECLARATION.exec(line);
        if (match) current = match[1] ?? match[2];
        return current;
      });
    declarations.set(file, names);
  }
  return names;
}

const isQueriesFile = (file: string) => /\.(queries|sql)\.ts$/.test(file);

export function callerOf(stack: string): Caller | undefined {
  const frames = framesOf(stack);
  // Transaction set-up (tenancy.ts) counts for itself, not for the service that opened the transaction.
  const pick =
    (frames[0]?.file.startsWith('db/') ? frames[0] : undefined) ??
    frames.find((f) => isQueriesFile(f.file)) ??
    frames.find((f) => f.file.startsWith('modules/')) ??
    frames[0];
  if (!pick) return undefined;
  const fn = enclosingNames(pick.file)[pick.line - 1] ?? '(top level)';
  const kind = isQueriesFile(pick.file) ? 'queries' : pick.file.startsWith('modules/') ? 'module' : 'other';
  return { file: pick.file, fn, kind };
}
