import { afterEach, describe, expect, it } from 'vitest';
import { clearAppStorage } from '../../../app/storage.ts';
import { forgetVisits, type ListVisit, rememberVisit, restoredVisit, UNKEYED_ENTRY } from './listVisit.ts';

const visit = (first: number, search = 'smith'): ListVisit => ({
  searchText: search,
  search,
  standardFilter: 'active',
  columnFilters: { lastName: 'Sm' },
  first,
});

afterEach(() => window.sessionStorage.clear());

describe('the client list as it was left', () => {
  it('comes back for its own history entry, and as the last one only when asked', () => {
    rememberVisit(7, 'a1', visit(20));
    rememberVisit(7, 'b2', visit(10, 'jones'));
    expect(restoredVisit(7, 'a1', false)).toEqual(visit(20));
    expect(restoredVisit(7, 'new', false)).toBeUndefined();
    expect(restoredVisit(7, 'new', true)).toEqual(visit(10, 'jones'));
    expect(restoredVisit(8, 'a1', true)).toBeUndefined();
  });

  it('never restores for an entry without a key of its own (a plain link, the menu)', () => {
    rememberVisit(7, UNKEYED_ENTRY, visit(30));
    expect(restoredVisit(7, UNKEYED_ENTRY, false)).toBeUndefined();
  });

  it('keeps the last 20 entries, and forgets them all when asked or at sign-out', () => {
    for (let i = 0; i < 25; i++) rememberVisit(7, `k${i}`, visit(i * 10));
    expect(restoredVisit(7, 'k4', false)).toBeUndefined();
    expect(restoredVisit(7, 'k5', false)).toEqual(visit(50));
    forgetVisits(7);
    expect(restoredVisit(7, 'k24', true)).toBeUndefined();
    rememberVisit(7, 'k1', visit(10));
    clearAppStorage();
    expect(restoredVisit(7, 'k1', true)).toBeUndefined();
  });

  it('ignores what it cannot read', () => {
    window.sessionStorage.setItem('pd.clients.listVisit.7', '{"last":{"first":-1}}');
    expect(restoredVisit(7, 'a1', true)).toBeUndefined();
  });
});
