/**
 * SQL snapshots: runs a fixed tour of the API on a throw-away embedded database, records every statement
 * with the query function that built it, and writes one file per queries file under apps/api/sql-snapshots/
 * so that a changed query shows in review. Also lints that every statement on a tenant table names
 * company_id (allow-list: apps/api/sql-snapshots/allow-no-company.txt). See docs/sql-snapshots.md.
 *
 *   npm run sql:snapshots                  write the snapshots (and drop allow-list entries no longer needed)
 *   npm run sql:snapshots -- --check       compare with the committed files; exit 1 with a diff on change
 *   npm run sql:snapshots -- --allow-current   also allow every offender found today
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { cliFlags } from './cli-flags.ts';
import { callerOf, REPO_ROOT } from './sql-snapshots/attribute.ts';
import {
  companyPredicateOffenders,
  group,
  isNoise,
  type Recorded,
  renderFile,
} from './sql-snapshots/render.ts';
import { runTour } from './sql-snapshots/tour/run.ts';

const args = cliFlags('Usage: npm run sql:snapshots [-- --check | --allow-current]', {
  check: { type: 'boolean', default: false },
  'allow-current': { type: 'boolean', default: false },
});
const OUT = join(REPO_ROOT, 'apps/api/sql-snapshots');
const ALLOW_LIST = join(OUT, 'allow-no-company.txt');
const ALLOW_HEADER = [
  '# Query functions whose statements touch a tenant table without naming company_id, each with its reason.',
  '# One line each: <snapshot file without .sql>#<function>  <reason>. Checked by npm run sql:snapshots -- --check.',
];
const PENDING = 'no explicit company predicate yet (row-level security alone)';

const started = Date.now();
const { sent, tenantTables, unvisitedRoutes } = await runTour();
const recorded: Recorded[] = sent
  .filter((s) => !isNoise(s.text))
  .map((s) => ({ text: s.text, caller: callerOf(s.stack) }));

const files = new Map<string, string>();
const sources = new Map<string, string>();
for (const r of recorded) {
  if (r.caller) sources.set(r.caller.file.replace(/^modules\//, '').replace(/\.ts$/, '.sql'), r.caller.file);
}
for (const [file, fns] of group(recorded)) {
  files.set(
    file,
    renderFile(sources.get(file) ? `apps/api/src/${sources.get(file)}` : 'code outside apps/api/src', fns),
  );
}

function readAllowList(): Map<string, string> {
  const entries = new Map<string, string>();
  if (!existsSync(ALLOW_LIST)) return entries;
  for (const line of readFileSync(ALLOW_LIST, 'utf8').split('\n')) {
    const match = /^([^#\s]\S*)\s+(.+)$/.exec(line.trim());
    if (match?.[1] && match[2]) entries.set(match[1], match[2]);
  }
  return entries;
}

const offenders = companyPredicateOffenders(recorded, tenantTables);
const allowed = readAllowList();
const notAllowed = [...offenders.keys()].filter((k) => !allowed.has(k)).sort();
const stale = [...allowed.keys()].filter((k) => !offenders.has(k)).sort();
const nextAllowList = new Map([...allowed].filter(([k]) => offenders.has(k)));
if (args['allow-current']) for (const k of notAllowed) nextAllowList.set(k, PENDING);
const allowListText = `${[...ALLOW_HEADER, ...[...nextAllowList].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, why]) => `${k}  ${why}`)].join('\n')}\n`;

function committedFiles(dir = OUT): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return committedFiles(path);
    return entry.name.endsWith('.sql') ? [relative(OUT, path)] : [];
  });
}

const problems: string[] = [];
if (unvisitedRoutes.length > 0) {
  problems.push(
    `The tour calls no route for: ${unvisitedRoutes.join(', ')} (add them to scripts/sql-snapshots/tour).`,
  );
}
const modules = [
  ...new Set(
    recorded.filter((r) => r.caller?.kind === 'module').map((r) => `${r.caller?.file} ${r.caller?.fn}`),
  ),
];
const unattributed = recorded.filter((r) => !r.caller).length;

if (args.check) {
  const names = [...new Set([...files.keys(), ...committedFiles()])].sort();
  for (const name of names) {
    const path = join(OUT, name);
    const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
    const after = files.get(name) ?? '';
    if (before !== after) {
      process.stdout.write(
        createTwoFilesPatch(
          `a/apps/api/sql-snapshots/${name}`,
          `b/apps/api/sql-snapshots/${name}`,
          before,
          after,
        ),
      );
      problems.push(`apps/api/sql-snapshots/${name} differs from what the code sends now.`);
    }
  }
  const allowBefore = existsSync(ALLOW_LIST) ? readFileSync(ALLOW_LIST, 'utf8') : '';
  if (stale.length > 0)
    problems.push(`Allowed but no longer needed (remove from the allow-list): ${stale.join(', ')}`);
  if (allowBefore !== allowListText && stale.length === 0 && notAllowed.length === 0) {
    problems.push('The allow-list is not in its generated order: run npm run sql:snapshots.');
  }
} else {
  for (const name of committedFiles()) if (!files.has(name)) rmSync(join(OUT, name));
  for (const [name, text] of files) {
    mkdirSync(dirname(join(OUT, name)), { recursive: true });
    writeFileSync(join(OUT, name), text);
  }
  writeFileSync(ALLOW_LIST, allowListText);
}
const unlisted = args['allow-current'] ? [] : notAllowed;
for (const key of unlisted) {
  problems.push(`${key} touches ${[...(offenders.get(key) ?? [])].join(', ')} without naming company_id.`);
}

const statementCount = [...group(recorded).values()].reduce(
  (n, fns) => n + [...fns.values()].reduce((m, s) => m + s.size, 0),
  0,
);
console.log(
  `SQL snapshots: ${files.size} files, ${statementCount} distinct statements (${recorded.length} sent), ` +
    `${offenders.size} functions without a company predicate (${nextAllowList.size} allowed), ` +
    `${unattributed} unattributed; ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
if (modules.length > 0) console.log(`SQL outside a queries file:\n  ${modules.sort().join('\n  ')}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
