import type { Questionnaire } from '@pd/contracts';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBuilderState } from './useBuilderState.ts';

const start: Questionnaire = {
  resourceType: 'Questionnaire',
  title: 'Intake',
  item: [
    { linkId: 'smoker', type: 'boolean', text: 'Smoke?' },
    {
      linkId: 'perDay',
      type: 'integer',
      enableWhen: [{ question: 'smoker', operator: '=', answerBoolean: true }],
    },
  ],
};

describe('the builder state', () => {
  it('is clean at first, dirty after a change, clean again once what was sent is saved', () => {
    const { result } = renderHook(() => useBuilderState(start));
    expect(result.current.dirty).toBe(false);
    expect(result.current.selected).toEqual([0]);
    act(() => result.current.add('group'));
    expect(result.current.dirty).toBe(true);
    expect(result.current.selected).toEqual([1]);
    expect(result.current.problems.map((p) => p.path)).toEqual(['item.1.item']);
    const sent = result.current.definition;
    // A change made while the save is on its way stays unsaved.
    act(() => result.current.setTitle('Intake 2'));
    act(() => result.current.markSaved(sent));
    expect(result.current.dirty).toBe(true);
    expect(result.current.definition.title).toBe('Intake 2');
    act(() => result.current.markSaved(result.current.definition));
    expect(result.current.dirty).toBe(false);
  });

  it('moves and nests the chosen item, following it, and says when it cannot', () => {
    const { result } = renderHook(() => useBuilderState(start));
    act(() => result.current.add('group'));
    expect(result.current.canMove([2], 'into')).toBe(true);
    let moved = false;
    act(() => {
      moved = result.current.move([2], 'into');
    });
    expect(moved).toBe(true);
    expect(result.current.selected).toEqual([1, 0]);
    expect(result.current.definition.item[1]?.item?.map((i) => i.linkId)).toEqual(['perDay']);
    expect(result.current.canMove([0], 'up')).toBe(false);
    expect(result.current.canMove([1, 0], 'out')).toBe(true);
  });

  it('renames an id with the conditions that ask about it, unless another item keeps the old one', () => {
    const { result } = renderHook(() => useBuilderState(start));
    act(() => result.current.rename([0], 'smokes'));
    expect(result.current.definition.item[1]?.enableWhen?.[0]?.question).toBe('smokes');
    act(() => result.current.rename([1], 'smokes'));
    // Two items now share the id: nothing follows, and the duplicate is a problem.
    expect(result.current.definition.item[1]?.enableWhen?.[0]?.question).toBe('smokes');
    expect(result.current.problems.some((p) => p.path === 'item.1.linkId')).toBe(true);
  });
});
