import { describe, expect, it } from 'vitest';
import { FORM_ITEM_TYPE_LABELS, FORM_OPERATOR_LABELS, RECORD_TARGET_LABELS } from './form-builder.ts';
import { FORM_ITEM_TYPES, FORM_OPERATORS } from './forms.ts';
import { RECORD_TARGETS } from './intake.ts';

describe('the form builder words', () => {
  it('name every record field a form may fill, and nothing else', () => {
    expect(Object.keys(RECORD_TARGET_LABELS).sort()).toEqual([...RECORD_TARGETS].sort());
    expect(new Set(Object.values(RECORD_TARGET_LABELS)).size).toBe(RECORD_TARGETS.length);
  });

  it('name every item type and operator', () => {
    expect(Object.keys(FORM_ITEM_TYPE_LABELS)).toEqual([...FORM_ITEM_TYPES]);
    expect(Object.keys(FORM_OPERATOR_LABELS)).toEqual([...FORM_OPERATORS]);
  });
});
