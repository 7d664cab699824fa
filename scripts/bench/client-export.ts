/**
 * Client export: GET /api/client1/company/{id}/export of the largest company over HTTP from an in-process
 * server, with the process's RSS sampled every 50 ms. Run on a seeded database (see docs/benchmarks.md):
 *
 *   DATABASE_URL=postgres://… npx tsx --expose-gc scripts/bench/client-export.ts [--repeat N]
 *
 * With --expose-gc the heap is collected before "before" and "after", so growth is not garbage.
 */
import http from 'node:http';
import { cliFlags } from '../cli-flags.ts';
import { int, largestCompany, load, ms, signIn, startBenchServer } from './bench-support.ts';

const args = cliFlags(
  'Usage: npx tsx --expose-gc scripts/bench/client-export.ts [--repeat N] [--search TEXT]',
  {
    repeat: { type: 'string', default: '2' },
    search: { type: 'string' },
  },
);

const MB = 1024 * 1024;
const collect = () => (globalThis as { gc?: () => void }).gc?.();
const rss = () => process.memoryUsage().rss;
const settle = () => new Promise((r) => setTimeout(r, 500));

/** Streams the response, keeping nothing but counts (the client must not be what grows). */
function download(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number; lines: number; firstByteMs: number }>(
    (resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { headers }, (res) => {
          let bytes = 0;
          let lines = 0;
          let firstByteMs = 0;
          res.on('data', (chunk: Buffer) => {
            if (bytes === 0) firstByteMs = performance.now() - started;
            bytes += chunk.length;
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines, firstByteMs }));
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

async function main() {
  const server = await startBenchServer();
  try {
    const company = await largestCompany(server.database);
    const headers = await signIn(server.baseUrl, company.username);
    const query = args.search ? `?${new URLSearchParams({ search: args.search })}` : '';
    const url = `${server.baseUrl}/api/client1/company/${company.companyId}/export${query}`;
    console.log(
      `# Client export, ${server.database.engine === 'postgres' ? 'PostgreSQL server' : 'embedded (PGlite)'}, ` +
        `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    console.log(
      `company ${company.companyId} (${int(company.clients)} live clients) as ${company.username}; ` +
        `gc ${typeof (globalThis as { gc?: unknown }).gc === 'function' ? 'exposed' : 'not exposed'}; ` +
        `load average ${load()}`,
    );
    // Warm-up: a small export, so JIT and pool connections are not counted as growth.
    await download(`${server.baseUrl}/api/client1/company/${company.companyId}/export?search=smith`, headers);

    const lines = [
      '| run | rows | bytes | wall s | first byte ms | rows/s | RSS before MB | RSS peak MB | RSS after MB | peak growth MB |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ];
    for (let run = 1; run <= Number(args.repeat); run++) {
      collect();
      await settle();
      const before = rss();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rss());
      }, 50);
      const started = performance.now();
      const result = await download(url, headers);
      const wallMs = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, rss());
      if (result.status !== 200) throw new Error(`export answered ${result.status}`);
      collect();
      await settle();
      const after = rss();
      const rows = result.lines - 1; // the header line
      lines.push(
        `| ${run} | ${int(rows)} | ${int(result.bytes)} | ${(wallMs / 1000).toFixed(2)} | ${ms(result.firstByteMs)} | ` +
          `${int((rows * 1000) / wallMs)} | ${(before / MB).toFixed(0)} | ${(peak / MB).toFixed(0)} | ` +
          `${(after / MB).toFixed(0)} | ${((peak - before) / MB).toFixed(1)} |`,
      );
      console.log(lines[lines.length - 1]);
    }
    console.log(`\n${lines.join('\n')}\n\nload average at the end: ${load()}`);
  } finally {
    await server.close();
  }
}

await main();
