import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/connect.ts';

/**
 * Issue 14, point 6: the built web app is sent pre-compressed (brotli, else gzip, else plain) and hashed
 * assets are cached for a year while index.html is checked on every load. A dist folder as Vite writes it.
 */
let dist: string;
let database: Database;
let app: FastifyInstance;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pd-web-'));
  mkdirSync(join(dist, 'assets'));
  const asset = join(dist, 'assets', 'index-AbC123.js');
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Practice Desk</title>');
  writeFileSync(join(dist, 'fill.html'), '<!doctype html><title>Your form</title>');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  database = await openDatabase({ dataDir: 'memory://' });
  const config = { ...loadConfig({}), logLevel: 'silent' as const, webDist: dist };
  app = await buildApp({ db: database.db, config, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app as the browser gets it', () => {
  it('sends brotli when accepted, else gzip, else the plain file, always the same script', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const r of [br, gz, plain]) expect(r.headers['content-type']).toMatch(/javascript/);
  });

  it('lets browsers keep hashed assets for a year and re-check index.html on every load', async () => {
    const asset = await get('/assets/index-AbC123.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const index = await get(url, 'br');
      expect(index.statusCode, url).toBe(200);
      expect(index.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the public fill page’s own entry at /f (issue 18: the link is /f#<token>), checked on every load', async () => {
    const fill = await get('/f', 'gzip, br');
    expect(fill.statusCode).toBe(200);
    expect(fill.body).toContain('Your form');
    expect(fill.headers['cache-control']).toBe('no-cache');
  });
});
