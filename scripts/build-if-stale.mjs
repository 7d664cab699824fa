// `npm start` builds the web app and the API only when their sources changed since the last build,
// so a second start comes up in seconds.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const TARGETS = [
  {
    name: 'Web app',
    built: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts'],
    command: 'npm run build -w apps/web',
  },
  {
    name: 'API',
    built: 'apps/api/dist/main.js',
    sources: ['apps/api/src', 'scripts/build-api.mjs'],
    command: 'node scripts/build-api.mjs',
  },
];
const SHARED = ['packages/contracts/src', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

for (const target of TARGETS) {
  const sources = [...target.sources, ...SHARED];
  if (existsSync(target.built) && statSync(target.built).mtimeMs >= Math.max(...sources.map(newest))) {
    console.log(`${target.name} is up to date (${target.built}).`);
  } else {
    execSync(target.command, { stdio: 'inherit' });
  }
}
