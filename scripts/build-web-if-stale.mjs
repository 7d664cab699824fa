// `npm start` builds the web app only when its sources changed since the last build,
// so a second start comes up in seconds.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'apps/web/dist/index.html';
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'package-lock.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newest))) {
  console.log('Web app is up to date (apps/web/dist).');
} else {
  execSync('npm run build -w apps/web', { stdio: 'inherit' });
}
