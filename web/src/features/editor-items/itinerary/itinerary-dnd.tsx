import { useContext, useRef, useState, type ReactNode, type RefObject } from 'react';
import { DndContext, DndProvider, useDrag, useDrop, type DropTargetMonitor } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';

/**
 * Drag and drop of the itinerary with react-dnd (spec §4): activities across days, sub-activities within their
 * activity. Nothing moves until the drop, so a drag that is cancelled or dropped elsewhere leaves the order as it
 * was; while dragging, a line shows where the row will land.
 */

export const DRAG_ACTIVITY = 'itinerary-activity';
export const DRAG_SUB_ACTIVITY = 'itinerary-sub-activity';

export type ActivityDrag = { dayId: string; activityId: string };
export type SubActivityDrag = { dayId: string; activityId: string; subActivityId: string };
export type DropPosition = 'before' | 'after';

/** Uses the editor's drag-and-drop context when there is one (one HTML5 backend per page), else its own. */
export function DndScope({ children }: { children: ReactNode }) {
  const { dragDropManager } = useContext(DndContext);
  return dragDropManager ? <>{children}</> : <DndProvider backend={HTML5Backend}>{children}</DndProvider>;
}

function positionOf(row: RefObject<HTMLElement | null>, monitor: DropTargetMonitor): DropPosition {
  const rect = row.current?.getBoundingClientRect();
  const pointer = monitor.getClientOffset();
  if (!rect || !pointer) return 'after';
  return pointer.y < rect.top + rect.height / 2 ? 'before' : 'after';
}

type SortableRowOptions<T> = {
  type: string;
  item: T;
  enabled: boolean;
  /** whether `dragged` may land here (sub-activities: only within their own activity) */
  canDrop(dragged: T): boolean;
  onDrop(dragged: T, position: DropPosition): void;
};

/** A row that can be dragged by its handle and dropped on (before or after itself). */
export function useSortableRow<T extends object>({ type, item, enabled, canDrop, onDrop }: SortableRowOptions<T>) {
  const row = useRef<HTMLDivElement | null>(null);
  const [position, setPosition] = useState<DropPosition>('after');
  const [{ isDragging }, drag, preview] = useDrag(
    () => ({
      type,
      item: () => item,
      canDrag: () => enabled,
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [type, item, enabled],
  );
  const [{ isOver, allowed }, drop] = useDrop(
    () => ({
      accept: type,
      canDrop: (dragged: T) => enabled && canDrop(dragged),
      hover: (_dragged: T, monitor) => {
        if (!monitor.isOver({ shallow: true })) return;
        const next = positionOf(row, monitor);
        setPosition((current) => (current === next ? current : next));
      },
      drop: (dragged: T, monitor) => {
        if (monitor.didDrop()) return undefined; // a nested row took it
        onDrop(dragged, positionOf(row, monitor));
        return undefined;
      },
      collect: (monitor) => ({ isOver: monitor.isOver({ shallow: true }), allowed: monitor.canDrop() }),
    }),
    [type, enabled, canDrop, onDrop],
  );
  const rowRef = (node: HTMLDivElement | null) => {
    row.current = node;
    preview(drop(node));
  };
  const handleRef = (node: HTMLElement | null) => {
    drag(node);
  };
  return { rowRef, handleRef, isDragging, indicator: isOver && allowed ? position : null };
}

/** A drop zone for an empty list (a day without activities). */
export function useListDrop<T extends object>({
  type,
  enabled,
  onDrop,
}: {
  type: string;
  enabled: boolean;
  onDrop(dragged: T): void;
}) {
  const [{ active }, drop] = useDrop(
    () => ({
      accept: type,
      canDrop: () => enabled,
      drop: (dragged: T, monitor) => {
        if (!monitor.didDrop()) onDrop(dragged);
        return undefined;
      },
      collect: (monitor) => ({ active: monitor.isOver({ shallow: true }) && monitor.canDrop() }),
    }),
    [type, enabled, onDrop],
  );
  const zoneRef = (node: HTMLDivElement | null) => {
    drop(node);
  };
  return { zoneRef, active };
}

/** The line that shows where a dragged row will land. */
export function DropIndicator({ position }: { position: DropPosition | null }) {
  if (!position) return null;
  return (
    <span
      aria-hidden="true"
      className={`pointer-events-none absolute right-0 left-0 z-20 h-0.5 rounded-full bg-primary-600 ${position === 'before' ? '-top-px' : '-bottom-px'}`}
    />
  );
}
