import { describe, expect, it } from 'vitest';
import { mayUseRowAction, rowActionsFor } from './row-actions.ts';

const base = { companyType: 'H', roles: ['ROLE_USER'], enableInvoicing: 'Y', view: 'basic' } as const;

describe('client row actions (spec section 2)', () => {
  it('everyone gets update, delete, notes and add product', () => {
    for (const roles of [['ROLE_USER'], ['ROLE_ISOPRACTICE'], ['ROLE_ISORISE'], []]) {
      const actions = rowActionsFor({ ...base, roles, companyType: 'F', enableInvoicing: 'N' });
      expect(actions).toEqual(
        expect.arrayContaining(['update', 'delete', 'addNote', 'viewNotes', 'addProduct']),
      );
    }
  });

  it('Update Advanced only for company type H', () => {
    expect(rowActionsFor({ ...base, companyType: 'H' })).toContain('updateAdvanced');
    expect(rowActionsFor({ ...base, companyType: 'F' })).not.toContain('updateAdvanced');
  });

  it('tasks hidden from ROLE_ISOPRACTICE', () => {
    expect(rowActionsFor({ ...base, roles: ['ROLE_ISOPRACTICE'] })).not.toContain('addTask');
    expect(rowActionsFor({ ...base, roles: ['ROLE_ISOPRACTICE'] })).not.toContain('viewTasks');
    expect(rowActionsFor({ ...base, roles: ['ROLE_ISORISE'] })).toEqual(
      expect.arrayContaining(['addTask', 'viewTasks']),
    );
  });

  it('Create Invoice needs enableInvoicing not N, and ROLE_ISORISE loses it in the basic view only', () => {
    expect(rowActionsFor({ ...base, enableInvoicing: 'N', view: 'advanced' })).not.toContain('createInvoice');
    expect(rowActionsFor(base)).toContain('createInvoice');
    expect(rowActionsFor({ ...base, roles: ['ROLE_ISORISE'] })).not.toContain('createInvoice');
    expect(rowActionsFor({ ...base, roles: ['ROLE_ISORISE'], view: 'advanced' })).toContain('createInvoice');
    expect(mayUseRowAction('createInvoice', { ...base, roles: ['ROLE_ISORISE'] })).toBe(true);
    expect(mayUseRowAction('createInvoice', { ...base, enableInvoicing: 'N' })).toBe(false);
  });

  it('the advanced view adds its five actions and View Appointments, in order', () => {
    const basic = rowActionsFor(base);
    const advanced = rowActionsFor({ ...base, view: 'advanced' });
    expect(advanced.slice(basic.length)).toEqual([
      'viewProducts',
      'sendEmail',
      'sendSms',
      'addAuditTrail',
      'createUnpaidNotice',
      'viewAppointments',
    ]);
    expect(basic).toEqual([
      'update',
      'updateAdvanced',
      'delete',
      'addNote',
      'viewNotes',
      'addProduct',
      'addTask',
      'viewTasks',
      'createInvoice',
    ]);
  });
});
