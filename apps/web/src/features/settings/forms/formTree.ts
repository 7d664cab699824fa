import type { FormItem, FormItemType } from '@pd/contracts';

/**
 * The builder's pure operations on a definition's items. An item is addressed by its path of indexes
 * (`[1, 0]`: the first item of the second top-level item); every operation returns new arrays and leaves
 * the old ones as they were, with the path the item it moved ends up at.
 */
export type ItemPath = number[];

export function itemAt(items: FormItem[], path: ItemPath): FormItem | undefined {
  let list: FormItem[] | undefined = items;
  let found: FormItem | undefined;
  for (const index of path) {
    found = list?.[index];
    list = found?.item;
  }
  return found;
}

/** The items with the list at `parent` (the top level for []) replaced by what `change` makes of it. */
function withList(items: FormItem[], parent: ItemPath, change: (list: FormItem[]) => FormItem[]): FormItem[] {
  if (parent.length === 0) return change(items);
  const [first, ...rest] = parent as [number, ...number[]];
  return items.map((item, index) =>
    index === first ? { ...item, item: withList(item.item ?? [], rest, change) } : item,
  );
}

export function updateItem(
  items: FormItem[],
  path: ItemPath,
  change: (item: FormItem) => FormItem,
): FormItem[] {
  const parent = path.slice(0, -1);
  const at = path.at(-1) ?? 0;
  return withList(items, parent, (list) => list.map((item, index) => (index === at ? change(item) : item)));
}

function allLinkIds(items: FormItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    into.add(item.linkId);
    if (item.item) allLinkIds(item.item, into);
  }
  return into;
}

/** A linkId no item uses yet: the type and the first free number (`choice-3`). */
export function freshLinkId(items: FormItem[], type: FormItemType): string {
  const taken = allLinkIds(items);
  let n = 1;
  while (taken.has(`${type}-${n}`)) n += 1;
  return `${type}-${n}`;
}

/** A new item of a type as the builder starts it: a group starts with no items, a choice with none either. */
export function newItem(items: FormItem[], type: FormItemType): FormItem {
  return { linkId: freshLinkId(items, type), type, text: '' };
}

/**
 * Adds an item next to the selected one: into a selected group (as its last item), else right after the
 * selected item, else at the end of the form.
 */
export function addItem(
  items: FormItem[],
  item: FormItem,
  selected: ItemPath | null,
): { items: FormItem[]; path: ItemPath } {
  const target = selected ? itemAt(items, selected) : undefined;
  if (!selected || !target) return { items: [...items, item], path: [items.length] };
  if (target.type === 'group') {
    const count = target.item?.length ?? 0;
    return { items: insertAt(items, selected, count, item), path: [...selected, count] };
  }
  const parent = selected.slice(0, -1);
  const index = (selected.at(-1) ?? 0) + 1;
  return { items: insertAt(items, parent, index, item), path: [...parent, index] };
}

function insertAt(items: FormItem[], parent: ItemPath, index: number, item: FormItem): FormItem[] {
  return withList(items, parent, (list) => [...list.slice(0, index), item, ...list.slice(index)]);
}

/** The items without the one at `path` (and what it held). */
export function removeItem(items: FormItem[], path: ItemPath): FormItem[] {
  const at = path.at(-1) ?? 0;
  return withList(items, path.slice(0, -1), (list) => list.filter((_, index) => index !== at));
}

/**
 * Moves the item at `from` into the list at `parent`, at `index` counted in that list before the move.
 * Refuses (null) to move a group into itself or below itself, and a path that names no item.
 */
export function moveItem(
  items: FormItem[],
  from: ItemPath,
  parent: ItemPath,
  index: number,
): { items: FormItem[]; path: ItemPath } | null {
  const item = itemAt(items, from);
  if (!item) return null;
  if (parent.length >= from.length && from.every((v, i) => parent[i] === v)) return null;
  if (parent.length > 0 && itemAt(items, parent)?.type !== 'group') return null;
  const fromParent = from.slice(0, -1);
  const fromIndex = from.at(-1) ?? 0;
  // Removing the item shifts the later siblings of its list, and the path of a list below one of them.
  const shift = (path: ItemPath): ItemPath => {
    const depth = fromParent.length;
    const sameLine = path.length > depth && fromParent.every((v, i) => path[i] === v);
    if (!sameLine || (path[depth] ?? 0) <= fromIndex) return path;
    return path.map((v, i) => (i === depth ? v - 1 : v));
  };
  const newParent = shift(parent);
  const sameList = newParent.length === fromParent.length && newParent.every((v, i) => fromParent[i] === v);
  const newIndex = sameList && index > fromIndex ? index - 1 : index;
  const without = removeItem(items, from);
  const size = (newParent.length === 0 ? without : (itemAt(without, newParent)?.item ?? [])).length;
  const at = Math.max(0, Math.min(newIndex, size));
  return { items: insertAt(without, newParent, at, item), path: [...newParent, at] };
}

/** One place up or down among its siblings; null at either end. */
export function moveByOne(items: FormItem[], path: ItemPath, step: -1 | 1) {
  const parent = path.slice(0, -1);
  const index = path.at(-1) ?? 0;
  const siblings = parent.length === 0 ? items : (itemAt(items, parent)?.item ?? []);
  const target = index + step;
  if (target < 0 || target >= siblings.length) return null;
  return moveItem(items, path, parent, step === 1 ? target + 1 : target);
}

/** Into the group just above it (as that group's last item); null when the item above is not a group. */
export function moveIntoGroupAbove(items: FormItem[], path: ItemPath) {
  const index = path.at(-1) ?? 0;
  if (index === 0) return null;
  const abovePath = [...path.slice(0, -1), index - 1];
  const above = itemAt(items, abovePath);
  if (above?.type !== 'group') return null;
  return moveItem(items, path, abovePath, above.item?.length ?? 0);
}

/** Out of its group, right after the group; null at the top level. */
export function moveOutOfGroup(items: FormItem[], path: ItemPath) {
  if (path.length < 2) return null;
  const groupPath = path.slice(0, -1);
  return moveItem(items, path, groupPath.slice(0, -1), (groupPath.at(-1) ?? 0) + 1);
}

/** Renames an item's linkId and every condition that asks about it. */
export function renameLinkId(items: FormItem[], from: string, to: string): FormItem[] {
  return items.map((item) => {
    const renamed: FormItem = { ...item, ...(item.linkId === from ? { linkId: to } : {}) };
    if (item.enableWhen)
      renamed.enableWhen = item.enableWhen.map((c) => (c.question === from ? { ...c, question: to } : c));
    if (item.item) renamed.item = renameLinkId(item.item, from, to);
    return renamed;
  });
}

/** `item.0.item.2.enableWhen.0.question` → the item's path [0, 2] and what is left (`enableWhen.0.question`). */
export function problemTarget(path: string): { path: ItemPath; field: string } {
  const parts = path.split('.');
  const indexes: number[] = [];
  let i = 0;
  while (parts[i] === 'item' && parts[i + 1] !== undefined && /^\d+$/.test(parts[i + 1] ?? '')) {
    indexes.push(Number(parts[i + 1]));
    i += 2;
  }
  return { path: indexes, field: parts.slice(i).join('.') };
}

export const samePath = (a: ItemPath | null, b: ItemPath | null) =>
  a !== null && b !== null && a.length === b.length && a.every((v, i) => b[i] === v);

/** Every item in reading order with its path and depth (0 at the top), for the outline. */
export function flatten(items: FormItem[], parent: ItemPath = []): { item: FormItem; path: ItemPath }[] {
  return items.flatMap((item, index) => {
    const path = [...parent, index];
    return [{ item, path }, ...flatten(item.item ?? [], path)];
  });
}

/**
 * The item as another type, keeping what still suits it (text, id, conditions, and for questions the
 * required flag and record field) and dropping what does not (options off a choice, a first value of the
 * old type, a maximum length off text). A group that holds items stays a group (null).
 */
export function changeType(item: FormItem, type: FormItemType): FormItem | null {
  if (item.type === 'group' && item.item?.length) return null;
  const { linkId, text, enableWhen, enableBehavior, required, repeats, definition, answerOption, maxLength } =
    item;
  const question = type !== 'group' && type !== 'display';
  const choice = type === 'choice' || type === 'open-choice';
  const keepsInitial =
    item.type === type ||
    (choice && (item.type === 'choice' || item.type === 'open-choice')) ||
    ((type === 'string' || type === 'text') && (item.type === 'string' || item.type === 'text'));
  const changed: FormItem = {
    linkId,
    type,
    ...(text !== undefined ? { text } : {}),
    ...(enableWhen ? { enableWhen } : {}),
    ...(enableBehavior ? { enableBehavior } : {}),
    ...(question && required ? { required } : {}),
    ...(question && repeats && type !== 'boolean' && type !== 'signature' ? { repeats } : {}),
    ...(question && definition && type !== 'attachment' && type !== 'signature' ? { definition } : {}),
    ...(choice && answerOption ? { answerOption } : {}),
    ...((type === 'string' || type === 'text') && maxLength !== undefined ? { maxLength } : {}),
    ...(keepsInitial && item.initial ? { initial: item.initial } : {}),
  };
  return changed;
}
