import { describe, expect, it } from 'vitest';
import { returnPath } from './returnTo.ts';

describe('returnPath', () => {
  it('keeps a route of the app with its query', () => {
    expect(returnPath({ from: '/commonInvoices' })).toBe('/commonInvoices');
    expect(returnPath({ from: '/clients?inputActiveTab=11&inputClientId=3' })).toBe(
      '/clients?inputActiveTab=11&inputClientId=3',
    );
  });

  it('refuses other sites, the sign-in page and anything else', () => {
    for (const from of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?x=1',
      '',
      ' /a',
    ]) {
      expect(returnPath({ from })).toBeNull();
    }
    expect(returnPath(null)).toBeNull();
    expect(returnPath({ from: 3 })).toBeNull();
  });
});
