// Compiles the API to apps/api/dist for `npm start` (docs/decisions/0005-api-build.md): one esbuild bundle
// of the API's own code and the contracts it imports; packages stay in node_modules, where their data
// files (PGlite's wasm, pdfkit's fonts, pdf.js) are found as usual. The files the code reads at run time
// are copied beside the bundle, where its import.meta.url-relative paths look for them.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const api = join(root, 'apps/api');
const out = join(api, 'dist');
const dependencies = (dir) =>
  Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {});
// Every package but the workspace's own contracts (TypeScript source, so it is compiled in).
const external = [...dependencies(api), ...dependencies(join(root, 'packages/contracts'))].filter(
  (name) => name !== '@pd/contracts',
);

rmSync(out, { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};
await build({ ...common, entryPoints: [join(api, 'src/main.ts')], outfile: join(out, 'main.js') });
// npm run db:move (README "Outgrowing the embedded database").
await build({ ...common, entryPoints: [join(api, 'src/db-move.ts')], outfile: join(out, 'db-move.js') });
// parse-pool.ts starts `./parse-worker.mjs` beside itself: in the bundle, the compiled worker.
await build({
  ...common,
  entryPoints: [join(api, 'src/modules/intake/parse/parse-worker.ts')],
  outfile: join(out, 'parse-worker.mjs'),
});
// pdf-pool.ts starts `./pdf-worker.mjs` beside itself the same way: the compiled PDF renderer.
await build({
  ...common,
  entryPoints: [join(api, 'src/lib/pdf/pdf-worker.ts')],
  outfile: join(out, 'pdf-worker.mjs'),
});
// migrate.ts reads ./migrations, intake-mapping.ts ./mappings/ and holidays.ts ./public-holidays.json
// relative to their module (scripts/smoke-build.mjs starts the bundle to catch a file left out).
cpSync(join(api, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
cpSync(join(api, 'src/modules/intake/mappings'), join(out, 'mappings'), { recursive: true });
// holidays.ts reads ./public-holidays.json.
cpSync(join(api, 'src/modules/appointments/public-holidays.json'), join(out, 'public-holidays.json'));
// form-templates.ts reads ./form-templates/ (the forms shipped to start from).
cpSync(join(api, 'src/modules/forms/form-templates'), join(out, 'form-templates'), { recursive: true });
console.log(`API built to ${out}`);
