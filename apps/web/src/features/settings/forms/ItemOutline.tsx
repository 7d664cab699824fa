import { FORM_ITEM_TYPE_LABELS, type FormProblem } from '@pd/contracts';
import { Button } from 'primereact/button';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { flatten, type ItemPath, problemTarget, samePath } from './formTree.ts';
import { ITEM_TYPE_ICONS, itemName } from './itemLabels.ts';
import { DragHandle, DropZone, OutlineDrag } from './OutlineDrag.tsx';
import type { BuilderState, MoveKind } from './useBuilderState.ts';

const KEY_MOVES: Record<string, MoveKind> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'into',
  ArrowLeft: 'out',
};

const pathKey = (path: ItemPath) => path.join('.');

interface ItemOutlineProps {
  state: BuilderState;
  readOnly: boolean;
}

/**
 * The form's items in reading order, indented by group. Choosing one opens its settings; Alt with an arrow
 * key moves the chosen item (up, down, into the group above, out of its group), and focus follows it.
 */
export function ItemOutline({ state, readOnly }: ItemOutlineProps) {
  const rows = flatten(state.definition.item);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef(false);
  const problemCount = (path: ItemPath) =>
    state.problems.filter((p: FormProblem) => samePath(problemTarget(p.path).path, path)).length;

  useEffect(() => {
    if (!refocus.current || !state.selected) return;
    refocus.current = false;
    buttons.current.get(pathKey(state.selected))?.focus();
  });

  const move = (path: ItemPath, kind: MoveKind) => {
    refocus.current = state.move(path, kind);
  };
  const onKeyDown = (event: KeyboardEvent, path: ItemPath) => {
    const kind = KEY_MOVES[event.key];
    if (readOnly || !event.altKey || !kind) return;
    event.preventDefault();
    move(path, kind);
  };

  if (rows.length === 0) return <p className="muted">No items yet. Add the first one below.</p>;
  const chosen = state.selected;
  return (
    <>
      <OutlineDrag onMove={(from, to) => state.moveTo(from, to.parent, to.index)}>
        {(dragging) => (
          <ul className="form-outline" aria-label="Items of the form">
            {rows.map(({ item, path }) => {
              const key = pathKey(path);
              const isChosen = samePath(path, chosen);
              const count = problemCount(path);
              const indent = { paddingLeft: `${(path.length - 1) * 1.25}rem` };
              return (
                <li key={key} className="form-outline__row" style={indent}>
                  {dragging && (
                    <DropZone
                      id={`drop-before-${key}`}
                      place={{ parent: path.slice(0, -1), index: path.at(-1) ?? 0 }}
                      label={`Before ${itemName(item)}`}
                    />
                  )}
                  <div className="form-outline__line">
                    {!readOnly && <DragHandle id={item.linkId} path={path} />}
                    <button
                      type="button"
                      ref={(el) => {
                        if (el) buttons.current.set(key, el);
                        else buttons.current.delete(key);
                      }}
                      className={`form-outline__item${isChosen ? ' form-outline__item--chosen' : ''}`}
                      aria-current={isChosen ? 'true' : undefined}
                      onClick={() => state.select(path)}
                      onKeyDown={(e) => onKeyDown(e, path)}
                      data-testid={`form-outline-${item.linkId}`}
                    >
                      <span className={`pi pi-${ITEM_TYPE_ICONS[item.type]}`} aria-hidden="true" />
                      <span className="form-outline__text">{itemName(item)}</span>
                      <span className="form-outline__meta">
                        {FORM_ITEM_TYPE_LABELS[item.type]} · {item.linkId}
                        {item.required ? ' · required' : ''}
                        {item.enableWhen?.length ? ' · conditional' : ''}
                        {item.definition ? ' · fills the record' : ''}
                      </span>
                      {count > 0 && (
                        <span className="form-outline__problems">
                          {count === 1 ? '1 problem' : `${count} problems`}
                        </span>
                      )}
                    </button>
                  </div>
                  {dragging && item.type === 'group' && (
                    <div style={{ paddingLeft: '1.25rem' }}>
                      <DropZone
                        id={`drop-into-${key}`}
                        place={{ parent: path, index: item.item?.length ?? 0 }}
                        label={`At the end of ${itemName(item)}`}
                      />
                    </div>
                  )}
                </li>
              );
            })}
            {dragging && (
              <li className="form-outline__row">
                <DropZone
                  id="drop-end"
                  place={{ parent: [], index: rows.filter((r) => r.path.length === 1).length }}
                  label="At the end of the form"
                />
              </li>
            )}
          </ul>
        )}
      </OutlineDrag>
      {!readOnly && chosen && state.selectedItem && (
        <fieldset className="form-outline__moves">
          <legend className="sr-only">Move the chosen item</legend>
          <Button
            type="button"
            icon="pi pi-arrow-up"
            label="Up"
            size="small"
            outlined
            disabled={!state.canMove(chosen, 'up')}
            onClick={() => move(chosen, 'up')}
          />
          <Button
            type="button"
            icon="pi pi-arrow-down"
            label="Down"
            size="small"
            outlined
            disabled={!state.canMove(chosen, 'down')}
            onClick={() => move(chosen, 'down')}
          />
          <Button
            type="button"
            icon="pi pi-sign-in"
            label="Into group above"
            size="small"
            outlined
            disabled={!state.canMove(chosen, 'into')}
            onClick={() => move(chosen, 'into')}
          />
          <Button
            type="button"
            icon="pi pi-sign-out"
            label="Out of group"
            size="small"
            outlined
            disabled={!state.canMove(chosen, 'out')}
            onClick={() => move(chosen, 'out')}
          />
          <Button
            type="button"
            icon="pi pi-trash"
            label="Delete"
            size="small"
            outlined
            severity="danger"
            aria-label={`Delete ${itemName(state.selectedItem)}`}
            onClick={() => state.remove(chosen)}
          />
        </fieldset>
      )}
      {!readOnly && (
        <p className="muted form-outline__hint">
          Drag an item by its grip, or with the keyboard: Alt+↑ and Alt+↓ move the chosen item, Alt+→ puts it
          into the group above, Alt+← takes it out of its group.
        </p>
      )}
    </>
  );
}
