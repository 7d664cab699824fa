import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

const STEP: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The keyboard moves a picked-up card a whole column at a time: right (or down) to the next stage, left (or
 * up) to the one before; Space or Enter drops it there, Escape puts it back.
 */
export const columnByColumn: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = STEP[event.code];
  if (!step) return undefined;
  event.preventDefault();
  const columns = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const x = currentCoordinates.x;
  const here = columns.findIndex((rect) => x >= rect.left - 8 && x < rect.left + rect.width);
  const target = columns[Math.min(columns.length - 1, Math.max(0, (here === -1 ? 0 : here) + step))];
  return target ? { x: target.left + 4, y: target.top + 48 } : currentCoordinates;
};
