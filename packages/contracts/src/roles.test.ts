import { describe, expect, it } from 'vitest';
import { menuEntriesFor, menuVariantFor, moduleHomeFor, ROLES } from './roles.ts';

const ALL = [ROLES.evolve, ROLES.practice, ROLES.rise, ROLES.learn, ROLES.web, ROLES.user];

/** Every subset of the known roles, plus an unknown one. */
function* combinations(): Generator<string[]> {
  for (let mask = 0; mask < 1 << ALL.length; mask++) {
    const roles = ALL.filter((_, i) => mask & (1 << i));
    yield roles;
    yield [...roles, 'ROLE_SOMETHING_ELSE'];
  }
}

describe('module home by role (spec: evolve, practice, rise, learn, web, default)', () => {
  it.each([
    [[], 'userOverview'],
    [['ROLE_USER'], 'userOverview'],
    [['ROLE_UNKNOWN'], 'userOverview'],
    [['ROLE_ISOWEB'], 'siOverview'],
    [['ROLE_ISOLEARN', 'ROLE_ISOWEB'], 'sbOverviewHome'],
    [['ROLE_ISORISE', 'ROLE_ISOLEARN'], 'faOverviewHome'],
    [['ROLE_ISOPRACTICE', 'ROLE_ISORISE'], 'pmOverviewHome'],
    [['ROLE_ISOEVOLVE', 'ROLE_ISOPRACTICE'], 'msOverviewHome'],
    [['ROLE_USER', 'ROLE_ISOEVOLVE'], 'msOverviewHome'],
  ])('%j -> %s', (roles, home) => {
    expect(moduleHomeFor(roles)).toBe(home);
  });

  it('picks the highest-priority role for every combination of roles', () => {
    const order: [string, string][] = [
      ['ROLE_ISOEVOLVE', 'msOverviewHome'],
      ['ROLE_ISOPRACTICE', 'pmOverviewHome'],
      ['ROLE_ISORISE', 'faOverviewHome'],
      ['ROLE_ISOLEARN', 'sbOverviewHome'],
      ['ROLE_ISOWEB', 'siOverview'],
    ];
    let checked = 0;
    for (const roles of combinations()) {
      const expected = order.find(([role]) => roles.includes(role))?.[1] ?? 'userOverview';
      expect(moduleHomeFor(roles), JSON.stringify(roles)).toBe(expected);
      checked++;
    }
    expect(checked).toBe(128);
  });
});

describe('menu variant by role', () => {
  it('evolve, practice, otherwise business, for every combination', () => {
    for (const roles of combinations()) {
      const expected = roles.includes('ROLE_ISOEVOLVE')
        ? 'evolve'
        : roles.includes('ROLE_ISOPRACTICE')
          ? 'practice'
          : 'business';
      expect(menuVariantFor(roles), JSON.stringify(roles)).toBe(expected);
    }
  });

  it('the practice variant has no Prospects; the others have all six areas', () => {
    expect(menuEntriesFor('practice').map((e) => e.route)).toEqual([
      '/commonClients',
      '/commonAppointments',
      '/commonReminders',
      '/commonPhoneCalls',
      '/commonDigitalForms',
    ]);
    for (const variant of ['evolve', 'business'] as const) {
      expect(menuEntriesFor(variant).map((e) => e.route)).toContain('/commonProspects');
      expect(menuEntriesFor(variant)).toHaveLength(6);
    }
  });
});
