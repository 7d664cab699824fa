import { describe, expect, it } from 'vitest';
import { sendEmailSchema, smsSegments } from './messaging.ts';

describe('smsSegments', () => {
  it('counts GSM-7: 160 in one segment, 153 per part beyond', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, perSegment: 160 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });
  it('counts extension characters twice', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ characters: 160, segments: 1 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ characters: 162, segments: 2 });
  });
  it('switches to UCS-2 for other characters: 70 single, 67 per part', () => {
    expect(smsSegments('ā'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, perSegment: 70 });
    expect(smsSegments('ā'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(smsSegments('😀'.repeat(35)).characters).toBe(70);
  });
  it('has no segments for an empty message', () => {
    expect(smsSegments('').segments).toBe(0);
  });
});

describe('sendEmailSchema', () => {
  it('requires a trimmed subject', () => {
    const r = sendEmailSchema.safeParse({ companyId: 1, userId: 1, emailSubject: '   ' });
    expect(r.success).toBe(false);
  });
});
