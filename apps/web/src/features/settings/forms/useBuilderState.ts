import type { FormItem, FormItemType, Questionnaire } from '@pd/contracts';
import { useMemo, useState } from 'react';
import { builderProblems } from './builderProblems.ts';
import {
  addItem,
  flatten,
  type ItemPath,
  itemAt,
  moveByOne,
  moveIntoGroupAbove,
  moveItem,
  moveOutOfGroup,
  newItem,
  removeItem,
  renameLinkId,
  updateItem,
} from './formTree.ts';

export type MoveKind = 'up' | 'down' | 'into' | 'out';

function moved(items: FormItem[], path: ItemPath, kind: MoveKind) {
  if (kind === 'up') return moveByOne(items, path, -1);
  if (kind === 'down') return moveByOne(items, path, 1);
  return kind === 'into' ? moveIntoGroupAbove(items, path) : moveOutOfGroup(items, path);
}

/**
 * The definition being built, which item is chosen, whether it differs from what was saved, and what
 * publication would refuse. Every change goes through the pure operations of formTree.ts.
 */
export function useBuilderState(initial: Questionnaire) {
  const [definition, setDefinition] = useState(initial);
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const [selected, setSelected] = useState<ItemPath | null>(initial.item.length > 0 ? [0] : null);
  const problems = useMemo(() => builderProblems(definition), [definition]);
  const setItems = (items: FormItem[]) => setDefinition((d) => ({ ...d, item: items }));
  const items = definition.item;

  return {
    definition,
    problems,
    selected,
    select: setSelected,
    selectedItem: selected ? itemAt(items, selected) : undefined,
    dirty: JSON.stringify(definition) !== saved,
    /** What the server now holds (the definition sent); changes made while it was on its way stay unsaved. */
    markSaved: (sent: Questionnaire) => setSaved(JSON.stringify(sent)),
    setTitle: (title: string) => setDefinition((d) => ({ ...d, title })),
    setDescription: (description: string) =>
      setDefinition(({ description: _, ...d }) => (description ? { ...d, description } : d)),
    add: (type: FormItemType) => {
      const result = addItem(items, newItem(items, type), selected);
      setItems(result.items);
      setSelected(result.path);
    },
    remove: (path: ItemPath) => {
      setItems(removeItem(items, path));
      setSelected(null);
    },
    canMove: (path: ItemPath, kind: MoveKind) => moved(items, path, kind) !== null,
    /** Moves an item; false when it cannot go that way (the top, the bottom, no group above). */
    move: (path: ItemPath, kind: MoveKind): boolean => {
      const result = moved(items, path, kind);
      if (!result) return false;
      setItems(result.items);
      setSelected(result.path);
      return true;
    },
    moveTo: (from: ItemPath, parent: ItemPath, index: number) => {
      const result = moveItem(items, from, parent, index);
      if (!result) return;
      setItems(result.items);
      setSelected(result.path);
    },
    update: (path: ItemPath, change: (item: FormItem) => FormItem) =>
      setItems(updateItem(items, path, change)),
    /**
     * A new linkId for the item at `path`; the conditions asking about it follow, unless another item had
     * the old id or has the new one (then they are not this item's to move).
     */
    rename: (path: ItemPath, to: string) => {
      const from = itemAt(items, path)?.linkId;
      const next = updateItem(items, path, (item) => ({ ...item, linkId: to }));
      const ids = flatten(next).map((f) => f.item.linkId);
      const follow = from !== undefined && !ids.includes(from) && ids.filter((id) => id === to).length === 1;
      setItems(follow ? renameLinkId(next, from, to) : next);
    },
  };
}

export type BuilderState = ReturnType<typeof useBuilderState>;
