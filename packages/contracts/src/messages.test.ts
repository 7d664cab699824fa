import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  OTHER_MESSAGES,
  SUCCESS_MESSAGES,
  TOAST_LIFE_MS,
  TOAST_SUMMARY,
} from './messages.ts';

// The specification sits in ../shared beside the repository (as in CI).
const specDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/spec');
const specFile = readdirSync(specDir).find((f) => f.endsWith('.txt'));
const spec = readFileSync(join(specDir, specFile ?? 'missing'), 'utf8');

function bullets(heading: string): string[] {
  const section8 = spec.slice(spec.indexOf('## 8. Error catalogue'), spec.indexOf('## 9.'));
  const start = section8.indexOf(`**${heading}**`);
  const rest = section8.slice(start + heading.length + 4);
  const end = rest.indexOf('**');
  return (end === -1 ? rest : rest.slice(0, end))
    .split('\n')
    .filter((l) => l.startsWith('- '))
    .map((l) => l.slice(2).trim());
}

describe('message catalogue matches spec section 8 word for word', () => {
  it('errors', () => {
    expect(Object.values(ERROR_MESSAGES)).toEqual(bullets('Errors'));
  });
  it('successes', () => {
    expect(Object.values(SUCCESS_MESSAGES)).toEqual(bullets('Successes'));
  });
  it('other messages', () => {
    const other = bullets('Other messages');
    expect(other[0]).toBe(OTHER_MESSAGES.fieldRequired);
    expect(other[1]).toBe(OTHER_MESSAGES.noClientsFound);
    expect(other[2]?.startsWith(OTHER_MESSAGES.loadingClients)).toBe(true);
  });
  it('toasts last 3 seconds with the summaries Error and Successful', () => {
    expect(spec).toContain(
      'Toasts last 3 seconds. Errors have the summary Error and successes the summary Successful.',
    );
    expect(TOAST_LIFE_MS).toBe(3000);
    expect(TOAST_SUMMARY).toEqual({ error: 'Error', success: 'Successful' });
  });
});
