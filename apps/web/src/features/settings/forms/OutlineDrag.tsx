import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type ReactNode, useState } from 'react';
import type { ItemPath } from './formTree.ts';

/** Where a dragged item goes: into the list at `parent`, at `index`. */
export interface DropPlace {
  parent: ItemPath;
  index: number;
}

/**
 * Dragging items of the outline with a pointer (keyboard users have Alt+arrows and the move buttons): the
 * drop places show only while an item is dragged.
 */
export function OutlineDrag({
  onMove,
  children,
}: {
  onMove: (from: ItemPath, to: DropPlace) => void;
  children: (dragging: boolean) => ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(false);
    const from = event.active.data.current?.path as ItemPath | undefined;
    const to = event.over?.data.current as DropPlace | undefined;
    if (from && to) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={() => setDragging(true)}
      onDragCancel={() => setDragging(false)}
      onDragEnd={onDragEnd}
    >
      {children(dragging)}
    </DndContext>
  );
}

/** The grip an item is dragged by: for a pointer only, so it is hidden from the keyboard and screen readers. */
export function DragHandle({ id, path }: { id: string; path: ItemPath }) {
  const { listeners, setNodeRef, transform } = useDraggable({ id: `drag-${id}`, data: { path } });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <span
      ref={setNodeRef}
      style={style}
      className="form-outline__handle"
      aria-hidden="true"
      data-testid={`form-drag-${id}`}
      {...listeners}
    >
      <span className="pi pi-bars" />
    </span>
  );
}

/** A place an item may be dropped, with what dropping there does. */
export function DropZone({ id, place, label }: { id: string; place: DropPlace; label: string }) {
  const { setNodeRef, isOver } = useDroppable({ id, data: place });
  return (
    <div
      ref={setNodeRef}
      className={`form-outline__drop${isOver ? ' form-outline__drop--over' : ''}`}
      data-testid={id}
    >
      {label}
    </div>
  );
}
