import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  createEditor,
  Editor,
  Element as SlateElement,
  Node,
  Text,
  Transforms,
  type Descendant,
  type Point,
} from 'slate';
import {
  defaultScrollSelectionIntoView,
  Editable,
  ReactEditor,
  Slate,
  withReact,
  type RenderElementProps,
  type RenderLeafProps,
} from 'slate-react';
import { IS_FOCUSED } from 'slate-dom';
import type { RichElement, RichText } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import type { RichTextFieldProps } from '../../editor/item-contract.ts';
import { toggleMark } from './rich-text-commands.ts';
import { emptyParagraph, withRichText, withSingleLine } from './rich-text-plugins.ts';
import { BLOCK_CLASSES, BLOCK_TAGS, LINK_CLASS, blockStyle, leafStyle } from './rich-text-style.ts';
import { RichTextToolbar } from './rich-text-toolbar.tsx';
import { RichTextView } from './render-rich-text.tsx';
import './slate-types.ts';
import { pressToSelect } from '../../editor/press-to-select.ts';
import { DormantRichText, type WakePoint } from './dormant-rich-text.tsx';
import { useNearViewport } from './use-near-viewport.ts';

/**
 * The rich-text field of every styled text (spec §3 Rich text): in view mode the slate-free renderer, in edit mode
 * a Slate editor with its toolbar while the part is active. The value in and out is the contracts' `RichText`.
 */
export function RichTextField(props: RichTextFieldProps) {
  if (!props.editable) return <RichTextView value={props.value} className={props.className} />;
  return <RichTextEditor {...props} />;
}

export function createRichEditor(options: { singleLine?: boolean | undefined } = {}): Editor {
  const editor = withRichText(withReact(createEditor()));
  return options.singleLine ? withSingleLine(editor) : editor;
}

/** The top-level elements of a Slate value (after normalisation there is nothing else at the top). */
export function toRichText(children: readonly Descendant[]): RichText {
  return children.filter((node): node is RichElement => SlateElement.isElement(node));
}

const sameValue = (a: readonly Descendant[], b: readonly Descendant[]): boolean =>
  a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * How far from the viewport a field is still an editor, in viewport heights above and below: none. Every editor
 * handles every keystroke's `selectionchange` and timers wherever the caret is (issue 22: half a window either side
 * kept 28 editors of a 200-item page awake, not 13), and a field coming into view needs no head start: it is drawn
 * alike without Slate, and a press or a Tab wakes it where it lands.
 */
const AWAKE_MARGIN = 0;
/** How long a field scrolled near stays there before it becomes an editor (a fling passes fields by). */
const AWAKE_SETTLE_MS = 250;

function RichTextEditor(props: RichTextFieldProps) {
  const { value, active, onActivate, singleLine, placeholder, label, className } = props;
  // Several fields can share one active part (a title and a body): the toolbar follows the one last focused, and
  // stays while its own popovers and link dialog (portalled elsewhere) have the focus. Focus on anything else of the
  // canvas (another field, an air ticket's airport, the item's tools) takes it away: left showing, it formatted
  // nothing and pushed the card down under the author's eyes.
  const container = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!active) setFocused(false);
  }, [active]);
  useEffect(() => {
    if (!focused) return;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || container.current?.contains(target)) return;
      if (target.closest('[data-rich-text-field], [data-item-id], [data-part-id]')) setFocused(false);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [focused]);

  // Only the fields near the viewport, the selected part's and the focused one are Slate editors (issue 22); the
  // others are drawn alike without Slate until they come near, or a press or a Tab wakes them.
  const near = useNearViewport(container, AWAKE_MARGIN, AWAKE_SETTLE_MS);
  const [wakeAt, setWakeAt] = useState<WakePoint | null>(null);
  const awake = near || active || focused || wakeAt !== null;
  const woken = useCallback(() => setWakeAt(null), []);

  return (
    <div
      ref={container}
      data-rich-text-field=""
      className={cx('relative', className)}
      {...pressToSelect(onActivate)}
      onFocusCapture={() => {
        setFocused(true);
        onActivate();
      }}
    >
      {awake ? (
        <SlateRichText {...props} toolbar={active && focused} wakeAt={wakeAt} onWoken={woken} />
      ) : (
        <DormantRichText
          value={value}
          className={EDITABLE_CLASS}
          placeholder={placeholder}
          label={label}
          singleLine={singleLine}
          onWake={setWakeAt}
        />
      )}
    </div>
  );
}

const EDITABLE_CLASS = cx(
  'min-h-[1lh] break-keep outline-none',
  'rounded-control focus-visible:ring-2 focus-visible:ring-primary-100',
);

function SlateRichText({
  value,
  onChange,
  singleLine,
  placeholder,
  label,
  toolbar,
  wakeAt,
  onWoken,
}: RichTextFieldProps & { toolbar: boolean; wakeAt: WakePoint | null; onWoken(): void }) {
  const [editor] = useState(() => createRichEditor({ singleLine }));
  const [initialValue] = useState<Descendant[]>(() => (value.length > 0 ? value : [emptyParagraph()]));
  // What this field last reported (or was given): a new prop value equal to it is our own edit coming back.
  const known = useRef<readonly Descendant[]>(initialValue);

  // Undo, redo or a remote change replaced the value: show it (the field follows the document).
  useEffect(() => {
    if (sameValue(value, known.current) || sameValue(value, editor.children)) {
      known.current = value;
      return;
    }
    known.current = value;
    Editor.withoutNormalizing(editor, () => {
      Transforms.deselect(editor);
      editor.children = value.length > 0 ? [...value] : [emptyParagraph()];
    });
    Editor.normalize(editor, { force: true });
    editor.onChange();
  }, [editor, value]);

  // Slate ignores a blur that comes while it puts its selection into the DOM (until a timer after each render of
  // typing) and then still counts itself focused: its next render (the toolbar going, as the focus moved on)
  // put the selection back in this field, and Chrome moved the focus back with it, so a Tab pressed right after
  // typing landed back in the field. A focus that went outside the editor is gone, whatever Slate was doing.
  useLayoutEffect(() => {
    const element = ReactEditor.toDOMNode(editor, editor);
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof globalThis.Node && element.contains(next)) return;
      IS_FOCUSED.delete(editor);
    };
    element.addEventListener('focusout', onFocusOut);
    return () => element.removeEventListener('focusout', onFocusOut);
  }, [editor]);

  // Woken by a press or a Tab on the dormant field: take the focus it had, with the caret where the press was,
  // before anything else runs (a key typed right after the tap lands in the editor).
  useLayoutEffect(() => {
    if (!wakeAt) return;
    const point =
      wakeAt === 'start' ? Editor.start(editor, []) : (validPoint(editor, wakeAt) ?? Editor.end(editor, []));
    const element = ReactEditor.toDOMNode(editor, editor);
    Transforms.select(editor, point);
    element.focus({ preventScroll: true });
    const selection = element.ownerDocument.getSelection();
    if (selection) selection.setBaseAndExtent(...domPoint(editor, point), ...domPoint(editor, point));
    onWoken();
  }, [editor, wakeAt, onWoken]);

  const handleValueChange = useCallback(
    (children: Descendant[]) => {
      if (sameValue(children, known.current)) return;
      known.current = children;
      onChange(toRichText(children));
    },
    [onChange],
  );

  const renderElement = useCallback((props: RenderElementProps) => <RichElementView {...props} />, []);
  const renderLeaf = useCallback((props: RenderLeafProps) => <RichLeafView {...props} />, []);

  const handleKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Enter' && singleLine) {
        event.preventDefault();
        return;
      }
      if (!(event.metaKey || event.ctrlKey) || event.altKey) return;
      const mark = ({ b: 'bold', i: 'italic', u: 'underline' } as const)[event.key.toLowerCase() as 'b' | 'i' | 'u'];
      if (mark) {
        event.preventDefault();
        toggleMark(editor, mark);
      }
    },
    [editor, singleLine],
  );

  return (
    <Slate editor={editor} initialValue={initialValue} onValueChange={handleValueChange}>
      {toolbar ? <RichTextToolbar singleLine={Boolean(singleLine)} /> : null}
      <Editable
        className={EDITABLE_CLASS}
        renderElement={renderElement}
        renderLeaf={renderLeaf}
        onKeyDown={handleKeyDown}
        scrollSelectionIntoView={scrollCaretIntoView}
        placeholder={placeholder}
        aria-label={label}
        aria-multiline={!singleLine}
        // Slate's placeholder is absolutely positioned; keep it in the design's quiet grey.
        renderPlaceholder={({ attributes, children }) => (
          <span {...attributes} className="text-neutral-500" style={{ ...attributes.style, opacity: 1 }}>
            {children}
          </span>
        )}
      />
    </Slate>
  );
}

/**
 * After every keystroke Slate scrolls the caret into view, reading the scroll geometry of every ancestor up to the
 * document (about 130 forced style and layout reads a key, issue 22). A field of a canvas item scrolls with the
 * window (no ancestor between scrolls on its own), so a caret drawn inside the window needs no scrolling; anything
 * else (a caret outside it, a selection, a field elsewhere, as in a sheet that scrolls) gets Slate's own.
 */
function scrollCaretIntoView(editor: Editor, domRange: globalThis.Range): void {
  if (domRange.collapsed && ReactEditor.toDOMNode(editor, editor).closest('[data-item-id]')) {
    const caret = domRange.getBoundingClientRect();
    const drawn = caret.width > 0 || caret.height > 0;
    if (
      drawn &&
      caret.top >= 0 &&
      caret.left >= 0 &&
      caret.bottom <= window.innerHeight &&
      caret.right <= window.innerWidth
    )
      return;
  }
  defaultScrollSelectionIntoView(editor, domRange);
}

/** A point of the dormant field's drawing that is a text of this editor's value, or undefined. */
function validPoint(editor: Editor, point: { path: number[]; offset: number }): Point | undefined {
  if (!Editor.hasPath(editor, point.path)) return undefined;
  const node = Node.get(editor, point.path);
  if (!Text.isText(node)) return undefined;
  return { path: point.path, offset: Math.min(point.offset, node.text.length) };
}

const domPoint = (editor: Editor, point: Point): [globalThis.Node, number] => ReactEditor.toDOMPoint(editor, point);

function RichElementView({ attributes, children, element }: RenderElementProps) {
  switch (element.type) {
    case 'link':
      return (
        <a {...attributes} href={element.href} className={LINK_CLASS}>
          {children}
        </a>
      );
    case 'break':
      return (
        <span {...attributes}>
          <br contentEditable={false} />
          {children}
        </span>
      );
    default: {
      const props = { ...attributes, className: BLOCK_CLASSES[element.type] || undefined, style: blockStyle(element) };
      const Tag = BLOCK_TAGS[element.type];
      return <Tag {...props}>{children}</Tag>;
    }
  }
}

function RichLeafView({ attributes, children, leaf }: RenderLeafProps) {
  return (
    <span {...attributes} style={leafStyle(leaf)}>
      {children}
    </span>
  );
}

/**
 * The `onChange` of a rich field that is one property of the item: each change is one 'typing' edit of that
 * property, so undo steps over typing as the store groups it.
 */
export function editRichField<T, K extends keyof T & string>(
  onEdit: (recipe: (draft: T) => void, label?: string) => void,
  field: K,
): (value: RichText) => void {
  return (value) =>
    onEdit((draft) => {
      (draft as Record<K, RichText>)[field] = value;
    }, 'typing');
}
