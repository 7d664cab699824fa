// This machine's registry mirror serves only the binaries for its own platforms, so `npm install` leaves
// other platforms' optional packages out of package-lock.json and `npm ci` then rejects the lock.
// This adds the missing optional entries, marked with the os/cpu their names carry, so npm ci skips them.
// Run it after changing dependencies: `node scripts/lockfile-foreign-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OSES = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPUS = ['x64', 'arm64', 'arm', 'ia32', 'riscv64', 'ppc64', 's390x', 'loong64', 'mips64el', 'wasm32'];

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const where = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[where] || lock.packages[hoisted]) continue;
    const parts = name.split('/').pop().split('-');
    const os = OSES.find((o) => parts.includes(o));
    const cpu = CPUS.find((c) => parts.includes(c));
    if (!os && !cpu) continue; // not a platform binary: leave it for npm to report
    lock.packages[hoisted] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(parts.includes('musl') ? { libc: ['musl'] } : {}),
    };
    added.push(`${name}@${version}`);
  }
}
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `Added ${added.length} foreign-platform entries: ${added.join(', ')}` : 'Lockfile complete.',
);
