import { useRef, type CSSProperties, type ReactNode } from 'react';
import type { RichNode, RichText } from '@pocketguide/contracts';
import { BLOCK_CLASSES, BLOCK_TAGS, LINK_CLASS, blockStyle, leafStyle } from './rich-text-style.ts';

/** Where the caret goes when a dormant field wakes: a text node's path and offset, or the start of the field. */
export type WakePoint = { path: number[]; offset: number } | 'start';

/**
 * Slate's own inline style on its editable element (slate-react's `Editable` without `disableDefaultStyles`): the
 * dormant field draws with the same, so the text wraps and keeps its spaces exactly as in the editor.
 */
export const EDITABLE_STYLE: CSSProperties = { position: 'relative', whiteSpace: 'pre-wrap', wordWrap: 'break-word' };

const ZERO_WIDTH = '\uFEFF';

/**
 * A rich-text field of the canvas that is away from the viewport, drawn without Slate (issue 22). Every mounted
 * Slate editor listens to the document's `selectionchange` and schedules its own timers on every keystroke, so
 * 200 editors on a page made each key cost them all. This draws the DOM shape of the editor (the same elements,
 * classes, styles and leaf spans, an empty block's zero-width line), so nothing moves when the editor takes its
 * place; it is focusable as a textbox, and a press or a Tab wakes the editor with the caret where the press was.
 */
export function DormantRichText({
  value,
  className,
  placeholder,
  label,
  singleLine,
  onWake,
}: {
  value: RichText;
  className: string;
  placeholder?: string | undefined;
  label?: string | undefined;
  singleLine?: boolean | undefined;
  onWake(point: WakePoint): void;
}) {
  const pressed = useRef<WakePoint | null>(null);
  const showPlaceholder = Boolean(placeholder) && isEmptyValue(value);
  const firstBlock = value[0];
  return (
    <div
      role="textbox"
      tabIndex={0}
      aria-label={label}
      aria-multiline={!singleLine}
      data-rich-text-dormant=""
      className={className}
      // Slate gives an empty field its placeholder's height as an inline min-height (over the class's one line)
      style={showPlaceholder ? { ...EDITABLE_STYLE, display: 'grid', minHeight: 0 } : EDITABLE_STYLE}
      // A mouse selects its part on pointerdown (`pressToSelect`), which draws the editor in this div's place
      // before the mousedown that would focus it: wake it here, at the pointer, and keep that mousedown (on a
      // drawing no longer there) from moving the focus elsewhere. In the capture phase, as the focus below: the
      // selection draws the part again between React's capture and bubbling phases.
      onPointerDownCapture={(event) => {
        if (event.pointerType === 'touch' || event.button !== 0) return;
        event.preventDefault();
        onWake(pointAt(event.currentTarget, event.clientX, event.clientY) ?? 'start');
      }}
      // A tap's mousedown comes after the finger lifts, before the focus it gives: remember where it was, the
      // focus then wakes the editor there.
      onMouseDown={(event) => {
        pressed.current = pointAt(event.currentTarget, event.clientX, event.clientY);
      }}
      // in the capture phase: the part this focus selects is drawn again before the bubbling phase, without this div
      onFocusCapture={(event) => {
        if (event.target !== event.currentTarget) return;
        const point = pressed.current ?? 'start';
        pressed.current = null;
        onWake(point);
      }}
    >
      {value.length > 0 ? (
        renderNodes(value, [])
      ) : (
        <p style={blockStyle({ children: [] })}>{emptyLeaf([0, 0], true)}</p>
      )}
      {showPlaceholder ? (
        // Slate draws its placeholder over the empty line and makes the field at least as tall: one grid cell does
        <span
          aria-hidden="true"
          className="pointer-events-none text-neutral-500 select-none"
          style={{ gridArea: '1 / 1', lineHeight: firstBlock ? blockStyle(firstBlock).lineHeight : undefined }}
        >
          {placeholder}
        </span>
      ) : null}
    </div>
  );
}

function renderNodes(nodes: readonly RichNode[], parentPath: number[]): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, [...parentPath, index], nodes.length === 1));
}

function renderNode(node: RichNode, path: number[], onlyChild: boolean): ReactNode {
  const key = path.at(-1);
  if ('text' in node) {
    if (node.text === '') return <span key={key}>{emptyLeaf(path, onlyChild)}</span>;
    return (
      <span key={key} data-rich-path={path.join('.')} style={leafStyle(node)}>
        {node.text}
      </span>
    );
  }
  switch (node.type) {
    case 'link':
      // no href: a press on a dormant field's link wakes the editor, as in the editor, rather than following it
      return (
        <a key={key} className={LINK_CLASS}>
          {renderNodes(node.children, path)}
        </a>
      );
    case 'break':
      return (
        <span key={key}>
          <br />
        </span>
      );
    default: {
      const props = {
        key,
        className: BLOCK_CLASSES[node.type] || undefined,
        // an empty block sits in the first grid cell under the placeholder (only set when the grid is on)
        style: path.length === 1 && path[0] === 0 ? { ...blockStyle(node), gridArea: '1 / 1' } : blockStyle(node),
      };
      const Tag = BLOCK_TAGS[node.type];
      return <Tag {...props}>{renderNodes(node.children, path)}</Tag>;
    }
  }
}

/** An empty text as Slate draws it: a zero-width character, and in an otherwise empty block a line break. */
function emptyLeaf(path: number[], lineBreak: boolean): ReactNode {
  return (
    <span data-rich-path={path.join('.')}>
      {ZERO_WIDTH}
      {lineBreak ? <br /> : null}
    </span>
  );
}

const isEmptyValue = (value: RichText): boolean => {
  const only = value[0];
  return (
    value.length <= 1 &&
    (!only || (only.type === 'paragraph' && only.children.every((child) => 'text' in child && child.text === '')))
  );
};

/** The text point under a press (the browser's own caret hit-testing), as a Slate path and offset. */
export function pointAt(field: HTMLElement, x: number, y: number): WakePoint | null {
  const caret = caretAt(x, y);
  if (!caret || !field.contains(caret.node)) return null;
  const element = caret.node instanceof Element ? caret.node : caret.node.parentElement;
  const leaf = element?.closest<HTMLElement>('[data-rich-path]');
  if (!leaf || !field.contains(leaf)) return null;
  const path = (leaf.dataset.richPath ?? '').split('.').map(Number);
  if (path.some((index) => !Number.isInteger(index) || index < 0)) return null;
  const text = leaf.textContent ?? '';
  const offset =
    text === ZERO_WIDTH || caret.node.nodeType !== Node.TEXT_NODE ? 0 : Math.min(caret.offset, text.length);
  return { path, offset };
}

function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  if (typeof document.caretPositionFromPoint === 'function') {
    const position = document.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  if (typeof document.caretRangeFromPoint === 'function') {
    const range = document.caretRangeFromPoint(x, y);
    return range ? { node: range.startContainer, offset: range.startOffset } : null;
  }
  return null;
}
