import { describe, expect, it } from 'vitest';
import { replyIntent } from './reminder-replies.ts';

describe('replyIntent', () => {
  it.each(['Y', 'y', 'yes', ' YES ', 'Yes!', 'y.', '"yes"', 'ｙｅｓ'])('%j confirms', (text) => {
    expect(replyIntent(text)).toBe('confirm');
  });
  it.each(['C', 'c', 'cancel', 'CANCEL.', ' c! '])('%j cancels', (text) => {
    expect(replyIntent(text)).toBe('cancel');
  });
  it.each(['', 'yes please', 'cancel tomorrow', 'No', 'ok', 'Can I move?', 'cc', 'yess'])(
    '%j is for a person',
    (text) => {
      expect(replyIntent(text)).toBeNull();
    },
  );
});
