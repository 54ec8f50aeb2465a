import { useCallback, useRef, useState } from 'react';
import { useDrag, useDrop, type ConnectDragSource, type XYCoord } from 'react-dnd';
import { moveItemTo, movePage } from '../editor-actions.ts';
import { useEditor } from '../editor-context.tsx';

/**
 * Drag and drop (react-dnd, HTML5 backend): menu tiles among themselves, section items within and across
 * sections. Nothing moves until the drop, so a drag that is not dropped leaves everything where it was (spec §4);
 * while dragging, a line shows where the part would go. Every move is also a button (move up/down, earlier/later)
 * for the keyboard.
 */

const TILE = 'menu-tile';
const ITEM = 'section-item';

type Side = 'before' | 'after';
type TileDrag = { contentId: string; index: number };
type ItemDrag = { contentId: string; itemId: string; sectionIndex: number; itemIndex: number };

function sideOf(element: HTMLElement | null, offset: XYCoord | null, axis: 'x' | 'y'): Side | null {
  if (!element || !offset) return null;
  const rect = element.getBoundingClientRect();
  return axis === 'x'
    ? offset.x < rect.left + rect.width / 2
      ? 'before'
      : 'after'
    : offset.y < rect.top + rect.height / 2
      ? 'before'
      : 'after';
}

/** Index in a list after taking `from` out, for an insert before or after `index`. */
const targetIndex = (from: number, index: number, side: Side, sameList: boolean) => {
  const at = side === 'before' ? index : index + 1;
  return sameList && from < at ? at - 1 : at;
};

/**
 * The drag handle as a callback ref: it connects the moment the handle mounts. A ref object would be read during
 * render, before a handle that appears only when its part is selected exists, and the handle would stay inert
 * until some later render.
 */
function useHandleRef(drag: ConnectDragSource) {
  return useCallback((node: HTMLElement | null) => void drag(node), [drag]);
}

export function useTileDrag(contentId: string, index: number, enabled: boolean) {
  const { store } = useEditor();
  const ref = useRef<HTMLLIElement>(null);
  const [side, setSide] = useState<Side | null>(null);
  const [{ isDragging }, drag, preview] = useDrag(
    () => ({
      type: TILE,
      item: (): TileDrag => ({ contentId, index }),
      canDrag: enabled,
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [contentId, index, enabled],
  );
  const [{ isOver }, drop] = useDrop(
    () => ({
      accept: TILE,
      hover: (item: TileDrag, monitor) =>
        setSide(item.contentId === contentId ? null : sideOf(ref.current, monitor.getClientOffset(), 'x')),
      drop: (item: TileDrag, monitor) => {
        const where = sideOf(ref.current, monitor.getClientOffset(), 'x');
        if (item.contentId === contentId || !where) return;
        movePage(store, item.contentId, targetIndex(item.index, index, where, true));
      },
      collect: (monitor) => ({ isOver: monitor.isOver() }),
    }),
    [store, contentId, index],
  );
  const handleRef = useHandleRef(drag);
  preview(drop(ref));
  return { ref, handleRef, isDragging, dropLine: isOver ? side : null };
}

export function useItemDrag(
  contentId: string,
  itemId: string,
  sectionIndex: number,
  itemIndex: number,
  enabled: boolean,
) {
  const { store } = useEditor();
  const ref = useRef<HTMLDivElement>(null);
  const [side, setSide] = useState<Side | null>(null);
  const [{ isDragging }, drag, preview] = useDrag(
    () => ({
      type: ITEM,
      item: (): ItemDrag => ({ contentId, itemId, sectionIndex, itemIndex }),
      canDrag: enabled,
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [contentId, itemId, sectionIndex, itemIndex, enabled],
  );
  const [{ isOver }, drop] = useDrop(
    () => ({
      accept: ITEM,
      canDrop: (item: ItemDrag) => item.contentId === contentId,
      hover: (item: ItemDrag, monitor) =>
        setSide(item.itemId === itemId ? null : sideOf(ref.current, monitor.getClientOffset(), 'y')),
      drop: (item: ItemDrag, monitor) => {
        const where = sideOf(ref.current, monitor.getClientOffset(), 'y');
        if (item.itemId === itemId || !where || item.contentId !== contentId) return;
        const sameSection = item.sectionIndex === sectionIndex;
        moveItemTo(store, contentId, item.itemId, {
          sectionIndex,
          itemIndex: targetIndex(item.itemIndex, itemIndex, where, sameSection),
        });
      },
      collect: (monitor) => ({ isOver: monitor.isOver() && monitor.canDrop() }),
    }),
    [store, contentId, itemId, sectionIndex, itemIndex],
  );
  const handleRef = useHandleRef(drag);
  preview(drop(ref));
  return { ref, handleRef, isDragging, dropLine: isOver ? side : null };
}

/** An empty section accepts items too (a drop anywhere in it puts the item at its end). */
export function useSectionDrop(contentId: string, sectionIndex: number, itemCount: number) {
  const { store } = useEditor();
  const ref = useRef<HTMLDivElement>(null);
  const [{ isOver }, drop] = useDrop(
    () => ({
      accept: ITEM,
      canDrop: (item: ItemDrag) => item.contentId === contentId && itemCount === 0,
      drop: (item: ItemDrag, monitor) => {
        if (monitor.didDrop()) return;
        moveItemTo(store, contentId, item.itemId, { sectionIndex, itemIndex: 0 });
      },
      collect: (monitor) => ({ isOver: monitor.isOver({ shallow: true }) && monitor.canDrop() }),
    }),
    [store, contentId, sectionIndex, itemCount],
  );
  drop(ref);
  return { ref, isOver };
}
