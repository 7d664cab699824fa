import { CLIENT_TABS } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { recordClientOf, recordHref, returnPath } from './recordHref.ts';

describe('record page addresses', () => {
  it('names the client and the section', () => {
    expect(recordHref(12)).toBe('/client/12');
    expect(recordHref(12, 'notes')).toBe('/client/12?section=notes');
    expect(recordClientOf('/client/12?section=notes')).toBe(12);
    expect(recordClientOf('/client/12')).toBe(12);
    expect(recordClientOf('/client/123abc')).toBeUndefined();
    expect(recordClientOf('/commonInvoices?inputClientId=12')).toBeUndefined();
  });

  it('turns the spec’s return tab into a section of the record page the panel came from', () => {
    expect(returnPath('/client/12', CLIENT_TABS.viewNotes)).toBe('/client/12?section=notes');
    expect(returnPath('/client/12?section=invoices', CLIENT_TABS.viewTasks)).toBe('/client/12?section=tasks');
    expect(returnPath('/client/12?section=invoices', CLIENT_TABS.viewProducts)).toBe(
      '/client/12?section=products',
    );
    // No return tab: the page exactly as it was left.
    expect(returnPath('/client/12?section=invoices')).toBe('/client/12?section=invoices');
    // Another page keeps its own address.
    expect(returnPath('/commonInvoices?inputClientId=12', CLIENT_TABS.viewNotes)).toBe(
      '/commonInvoices?inputClientId=12',
    );
  });
});
