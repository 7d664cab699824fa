import type { Recall } from '@pd/contracts';
import { formatMoney } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { recallState, sendSummary } from './recallWords.ts';

const recall = (over: Partial<Recall>): Recall => ({
  id: 1,
  clientId: 2,
  clientName: 'Ann',
  typeId: 3,
  typeName: 'Check-up',
  channel: 'sms',
  serviceDate: '2026-01-01',
  dueDate: '2026-02-12',
  status: 'due',
  overdue: false,
  noticesSent: 0,
  notices: 3,
  nextStep: 1,
  nextNoticeFrom: '2026-02-12',
  lastNoticeAt: null,
  invoiceId: null,
  completedAt: null,
  created: '2026-01-01T10:00:00Z',
  ...over,
});

describe('recall words', () => {
  it('says the state: due, overdue, which notice of the ladder, completed, cancelled', () => {
    expect(recallState(recall({}))).toBe('Due');
    expect(recallState(recall({ overdue: true }))).toBe('Due, overdue');
    expect(recallState(recall({ status: 'notified', noticesSent: 2 }))).toBe('Notice 2 of 3 sent');
    expect(recallState(recall({ status: 'completed' }))).toBe('Completed (booked)');
    expect(recallState(recall({ status: 'cancelled', overdue: false }))).toBe('Cancelled');
  });

  it('sums up a send: queued with cost, held until the window in the company zone, skipped', () => {
    const held = sendSummary(
      {
        queued: 2,
        held: 2,
        sendAt: '2026-03-16T06:00:00.000Z',
        costCents: 60,
        skipped: [{ recallId: 9, reason: 'x' }],
      },
      'Africa/Johannesburg',
      'ZAR',
    );
    expect(held).toBe(
      `2 notices queued (${formatMoney(60, 'ZAR')}); held for the quiet hours until 2026-03-16 08:00; 1 skipped.`,
    );
    const now = sendSummary(
      { queued: 1, held: 0, sendAt: null, costCents: 0, skipped: [] },
      'Europe/London',
      'GBP',
    );
    expect(now).toBe(`1 notice queued (${formatMoney(0, 'GBP')}).`);
  });
});
