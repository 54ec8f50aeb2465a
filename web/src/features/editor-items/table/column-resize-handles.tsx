import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { MIN_COL_WIDTH, resizeColumn } from '@pocketguide/contracts';

type ColumnResizeHandlesProps = {
  /** the widths drawn now (the preview while dragging) */
  widths: readonly number[];
  /** the widths during a drag, null when it ends or is cancelled */
  onPreview(widths: number[] | null): void;
  onCommit(widths: number[]): void;
  label(index: number): string;
  /**
   * the element the columns fill; when it is drawn narrower or wider than the widths add up to (a table scaled to
   * the phone's width), a dragged pixel on screen is scaled back to the stored widths
   */
  frame?: RefObject<HTMLElement | null>;
};

const KEY_STEP = 8;

/**
 * Handles on the borders between columns (tables and the itinerary grid). Dragging a border resizes the column on
 * its left against its right neighbour with the contracts' `resizeColumn`: the total stays the same and no column
 * gets narrower than 40 px (spec §5). Each handle is also a focusable separator moved with the arrow keys.
 */
export function ColumnResizeHandles({ widths, onPreview, onCommit, label, frame }: ColumnResizeHandlesProps) {
  const drag = useRef<{
    index: number;
    startX: number;
    scale: number;
    start: readonly number[];
    latest: number[];
  } | null>(null);
  const total = widths.reduce((sum, width) => sum + width, 0);

  const onPointerDown = (index: number) => (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const drawn = frame?.current?.getBoundingClientRect().width ?? 0;
    drag.current = {
      index,
      startX: event.clientX,
      scale: drawn > 0 ? total / drawn : 1,
      start: [...widths],
      latest: [...widths],
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const delta = (event.clientX - current.startX) * current.scale;
    current.latest = resizeColumn(
      current.start,
      current.index,
      Math.round((current.start[current.index] ?? 0) + delta),
    );
    onPreview(current.latest);
  };
  const onPointerUp = () => {
    const current = drag.current;
    drag.current = null;
    onPreview(null);
    if (current && current.latest.some((width, index) => width !== current.start[index])) onCommit(current.latest);
  };
  const onPointerCancel = () => {
    drag.current = null;
    onPreview(null);
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    const step = (event.shiftKey ? 3 : 1) * KEY_STEP;
    const delta = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0;
    if (delta === 0) return;
    event.preventDefault();
    const next = resizeColumn(widths, index, (widths[index] ?? 0) + delta);
    if (next.some((width, i) => width !== widths[i])) onCommit(next);
  };

  let left = 0;
  return (
    <>
      {widths.slice(0, -1).map((width, index) => {
        left += width;
        const pair = width + (widths[index + 1] ?? 0);
        return (
          <div
            key={index}
            role="separator"
            aria-orientation="vertical"
            aria-label={label(index)}
            aria-valuenow={Math.round(width)}
            aria-valuemin={MIN_COL_WIDTH}
            aria-valuemax={Math.round(pair - MIN_COL_WIDTH)}
            tabIndex={0}
            onPointerDown={onPointerDown(index)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onLostPointerCapture={() => (drag.current ? onPointerUp() : undefined)}
            onKeyDown={onKeyDown(index)}
            className="group pointer-events-auto absolute top-0 bottom-0 z-10 -ml-1.5 w-3 cursor-col-resize touch-none focus-visible:outline-none"
            style={{ left: `${(left / total) * 100}%` }}
          >
            <span className="mx-auto block h-full w-0.5 bg-primary-600/0 transition-colors group-hover:bg-primary-600/60 group-focus-visible:bg-primary-600" />
          </div>
        );
      })}
    </>
  );
}
