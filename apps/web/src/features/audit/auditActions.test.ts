import { describe, expect, it } from 'vitest';
import { auditActionLabel } from './auditActions.ts';

describe('auditActionLabel', () => {
  it('says what happened in words', () => {
    expect(auditActionLabel('clientproduct.create')).toBe('Client product created');
    expect(auditActionLabel('notetemplate.delete')).toBe('Note template deleted');
    expect(auditActionLabel('appointment.series.update')).toBe('Appointment series updated');
    expect(auditActionLabel('invoice.payment')).toBe('Payment recorded');
    expect(auditActionLabel('auth.login')).toBe('Signed in');
  });

  it('reads an unknown action as its parts, never as a dotted code', () => {
    expect(auditActionLabel('widget.spin')).toBe('Widget spin');
  });
});
