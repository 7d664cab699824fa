import { describe, expect, it } from 'vitest';
import { CLIENT_TABS } from './client-tabs.ts';
import { ROW_ACTIONS } from './row-actions.ts';

describe('CLIENT_TABS', () => {
  it('numbers the 26 panels of spec section 2 and the later ones once each', () => {
    const numbers = Object.values(CLIENT_TABS).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
  });

  it('agrees with the tab each row action opens', () => {
    const tabs = new Set<number>(Object.values(CLIENT_TABS));
    for (const action of Object.values(ROW_ACTIONS)) expect(tabs.has(action.tab)).toBe(true);
    expect(ROW_ACTIONS.update.tab).toBe(CLIENT_TABS.updateClient);
    expect(ROW_ACTIONS.updateAdvanced.tab).toBe(CLIENT_TABS.healthcare);
    expect(ROW_ACTIONS.createUnpaidNotice.tab).toBe(CLIENT_TABS.unpaidNotice);
    expect(ROW_ACTIONS.addAuditTrail.tab).toBe(CLIENT_TABS.auditTrail);
    expect(ROW_ACTIONS.viewAppointments.tab).toBe(CLIENT_TABS.viewAppointments);
  });
});
