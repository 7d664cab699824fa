import type { FormItem } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  changeType,
  flatten,
  freshLinkId,
  itemAt,
  moveByOne,
  moveIntoGroupAbove,
  moveItem,
  moveOutOfGroup,
  newItem,
  problemTarget,
  removeItem,
  renameLinkId,
  updateItem,
} from './formTree.ts';

const q = (linkId: string, extra: Partial<FormItem> = {}): FormItem => ({ linkId, type: 'string', ...extra });
const g = (linkId: string, item: FormItem[]): FormItem => ({ linkId, type: 'group', item });
const ids = (items: FormItem[]): unknown =>
  items.map((i) => (i.item ? { [i.linkId]: ids(i.item) } : i.linkId));

const form = (): FormItem[] => [q('a'), g('g', [q('b'), q('c')]), q('d')];

describe('the form builder tree', () => {
  it('finds an item by its path, nested or not', () => {
    expect(itemAt(form(), [1, 1])?.linkId).toBe('c');
    expect(itemAt(form(), [2])?.linkId).toBe('d');
    expect(itemAt(form(), [5])).toBeUndefined();
    expect(itemAt(form(), [0, 0])).toBeUndefined();
  });

  it('adds after the selected item, into a selected group, or at the end', () => {
    const items = form();
    const after = addItem(items, q('x'), [0]);
    expect(ids(after.items)).toEqual(['a', 'x', { g: ['b', 'c'] }, 'd']);
    expect(after.path).toEqual([1]);
    const inGroup = addItem(items, q('x'), [1]);
    expect(ids(inGroup.items)).toEqual(['a', { g: ['b', 'c', 'x'] }, 'd']);
    expect(inGroup.path).toEqual([1, 2]);
    const nested = addItem(items, q('x'), [1, 0]);
    expect(ids(nested.items)).toEqual(['a', { g: ['b', 'x', 'c'] }, 'd']);
    const end = addItem(items, q('x'), null);
    expect(end.path).toEqual([3]);
    expect(ids(items)).toEqual(['a', { g: ['b', 'c'] }, 'd']);
  });

  it('gives a new item a linkId no item uses', () => {
    const items = [q('string-1'), g('g', [q('string-2')])];
    expect(freshLinkId(items, 'string')).toBe('string-3');
    expect(newItem(items, 'choice')).toEqual({ linkId: 'choice-1', type: 'choice', text: '' });
  });

  it('deletes an item with what it holds', () => {
    expect(ids(removeItem(form(), [1]))).toEqual(['a', 'd']);
    expect(ids(removeItem(form(), [1, 0]))).toEqual(['a', { g: ['c'] }, 'd']);
  });

  it('reorders among siblings and stops at either end', () => {
    const down = moveByOne(form(), [0], 1);
    expect(ids(down?.items ?? [])).toEqual([{ g: ['b', 'c'] }, 'a', 'd']);
    expect(down?.path).toEqual([1]);
    const up = moveByOne(form(), [1, 1], -1);
    expect(ids(up?.items ?? [])).toEqual(['a', { g: ['c', 'b'] }, 'd']);
    expect(up?.path).toEqual([1, 0]);
    expect(moveByOne(form(), [0], -1)).toBeNull();
    expect(moveByOne(form(), [1, 1], 1)).toBeNull();
  });

  it('nests into the group above and moves out after the group', () => {
    const into = moveIntoGroupAbove(form(), [2]);
    expect(ids(into?.items ?? [])).toEqual(['a', { g: ['b', 'c', 'd'] }]);
    expect(into?.path).toEqual([1, 2]);
    expect(moveIntoGroupAbove(form(), [1])).toBeNull();
    expect(moveIntoGroupAbove(form(), [0])).toBeNull();
    const out = moveOutOfGroup(form(), [1, 0]);
    expect(ids(out?.items ?? [])).toEqual(['a', { g: ['c'] }, 'b', 'd']);
    expect(out?.path).toEqual([2]);
    expect(moveOutOfGroup(form(), [0])).toBeNull();
  });

  it('moves anywhere, correcting for the gap the item leaves, but never into itself', () => {
    const items = [q('a'), g('g', [q('b'), g('h', [q('c')])]), q('d')];
    const deep = moveItem(items, [0], [1, 1], 0);
    expect(ids(deep?.items ?? [])).toEqual([{ g: ['b', { h: ['a', 'c'] }] }, 'd']);
    expect(deep?.path).toEqual([0, 1, 0]);
    const later = moveItem(items, [0], [], 3);
    expect(ids(later?.items ?? [])).toEqual([{ g: ['b', { h: ['c'] }] }, 'd', 'a']);
    expect(later?.path).toEqual([2]);
    expect(moveItem(items, [1], [1, 1], 0)).toBeNull();
    expect(moveItem(items, [1], [1], 0)).toBeNull();
    expect(moveItem(items, [0], [2], 0)).toBeNull();
  });

  it('changes one item and renames a linkId with the conditions that ask about it', () => {
    const items = [
      q('a'),
      g('g', [q('b', { enableWhen: [{ question: 'a', operator: 'exists', answerBoolean: true }] })]),
    ];
    const changed = updateItem(items, [1, 0], (item) => ({ ...item, required: true }));
    expect(itemAt(changed, [1, 0])?.required).toBe(true);
    expect(itemAt(items, [1, 0])?.required).toBeUndefined();
    const renamed = renameLinkId(items, 'a', 'age');
    expect(itemAt(renamed, [0])?.linkId).toBe('age');
    expect(itemAt(renamed, [1, 0])?.enableWhen?.[0]?.question).toBe('age');
  });

  it('reads the item a problem is about and lists items in reading order', () => {
    expect(problemTarget('item.1.item.0.enableWhen.0.question')).toEqual({
      path: [1, 0],
      field: 'enableWhen.0.question',
    });
    expect(problemTarget('item')).toEqual({ path: [], field: 'item' });
    expect(flatten(form()).map((f) => [f.item.linkId, f.path])).toEqual([
      ['a', [0]],
      ['g', [1]],
      ['b', [1, 0]],
      ['c', [1, 1]],
      ['d', [2]],
    ]);
  });
});

describe('changing an item type', () => {
  it('keeps what suits the new type and drops the rest', () => {
    const choice: FormItem = {
      linkId: 'c',
      type: 'choice',
      text: 'Pick',
      required: true,
      answerOption: [{ valueCoding: { code: 'a' } }],
      initial: [{ valueCoding: { code: 'a' } }],
      definition: 'urn:practice-desk:gender',
    };
    expect(changeType(choice, 'open-choice')).toEqual({ ...choice, type: 'open-choice' });
    expect(changeType(choice, 'string')).toEqual({
      linkId: 'c',
      type: 'string',
      text: 'Pick',
      required: true,
      definition: 'urn:practice-desk:gender',
    });
    expect(changeType(choice, 'display')).toEqual({ linkId: 'c', type: 'display', text: 'Pick' });
    expect(changeType({ linkId: 's', type: 'string', repeats: true, maxLength: 5 }, 'signature')).toEqual({
      linkId: 's',
      type: 'signature',
    });
  });

  it('leaves a group that holds items a group', () => {
    expect(
      changeType({ linkId: 'g', type: 'group', item: [{ linkId: 'a', type: 'string' }] }, 'string'),
    ).toBeNull();
    expect(changeType({ linkId: 'g', type: 'group' }, 'string')).toEqual({ linkId: 'g', type: 'string' });
  });
});
