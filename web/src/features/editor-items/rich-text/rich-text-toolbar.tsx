import { memo, useMemo, useRef, useState, type ReactNode } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';
import type { Editor, Range } from 'slate';
import { ReactEditor, useSlateSelector, useSlateStatic } from 'slate-react';
import {
  ALargeSmall,
  Baseline,
  Bold,
  Heading1,
  Heading2,
  Highlighter,
  Italic,
  Link,
  List,
  ListOrdered,
  Strikethrough,
  TextAlignCenter,
  TextAlignEnd,
  TextAlignJustify,
  TextAlignStart,
  TextQuote,
  Underline,
} from 'lucide-react';
import type { RichAlign, RichBlockType } from '@pocketguide/contracts';
import {
  activeLinkHref,
  blockAlign,
  isBlockActive,
  isMarkActive,
  markValue,
  setAlign,
  setMarkValue,
  toggleBlock,
  toggleMark,
  unwrapLink,
  wrapLink,
  type ToggleMark,
  type ValueMark,
} from './rich-text-commands.ts';
import { ColourPalette } from './colour-palette.tsx';
import { FontSizeControl } from './font-size-control.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { ToolbarButton } from './toolbar-button.tsx';

const ICON = 'size-4';

const MARKS: readonly { mark: ToggleMark; icon: ReactNode }[] = [
  { mark: 'bold', icon: <Bold className={ICON} aria-hidden="true" /> },
  { mark: 'italic', icon: <Italic className={ICON} aria-hidden="true" /> },
  { mark: 'underline', icon: <Underline className={ICON} aria-hidden="true" /> },
  { mark: 'strikethrough', icon: <Strikethrough className={ICON} aria-hidden="true" /> },
];

const BLOCKS: readonly { type: RichBlockType; icon: ReactNode }[] = [
  { type: 'heading-one', icon: <Heading1 className={ICON} aria-hidden="true" /> },
  { type: 'heading-two', icon: <Heading2 className={ICON} aria-hidden="true" /> },
  { type: 'block-quote', icon: <TextQuote className={ICON} aria-hidden="true" /> },
  { type: 'numbered-list', icon: <ListOrdered className={ICON} aria-hidden="true" /> },
  { type: 'bulleted-list', icon: <List className={ICON} aria-hidden="true" /> },
];

const ALIGNS: readonly { align: RichAlign; icon: ReactNode }[] = [
  { align: 'left', icon: <TextAlignStart className={ICON} aria-hidden="true" /> },
  { align: 'center', icon: <TextAlignCenter className={ICON} aria-hidden="true" /> },
  { align: 'right', icon: <TextAlignEnd className={ICON} aria-hidden="true" /> },
  { align: 'justify', icon: <TextAlignJustify className={ICON} aria-hidden="true" /> },
];

/** What the toolbar shows of the text at the selection: its marks, colours, size, blocks, alignment and link. */
type Formats = {
  marks: Record<ToggleMark, boolean>;
  color: string | undefined;
  backgroundColor: string | undefined;
  fontSize: string | undefined;
  blocks: Record<RichBlockType, boolean>;
  align: RichAlign;
  link: boolean;
};

function formatsAt(editor: Editor): Formats {
  return {
    marks: Object.fromEntries(MARKS.map(({ mark }) => [mark, isMarkActive(editor, mark)])) as Formats['marks'],
    color: markValue(editor, 'color'),
    backgroundColor: markValue(editor, 'backgroundColor'),
    fontSize: markValue(editor, 'fontSize'),
    blocks: Object.fromEntries(BLOCKS.map(({ type }) => [type, isBlockActive(editor, type)])) as Formats['blocks'],
    align: blockAlign(editor) ?? 'left',
    link: activeLinkHref(editor) !== undefined,
  };
}

/**
 * The toolbar of an active rich-text field. Single-line fields get marks, colours, size and alignment only. It is
 * drawn again when the formats at the selection change, not on every key typed (the formats are compared as text).
 */
export const RichTextToolbar = memo(function RichTextToolbar({ singleLine }: { singleLine: boolean }) {
  const { t } = useTranslation();
  const editor = useSlateStatic();
  const formatsKey = useSlateSelector((current) => JSON.stringify(formatsAt(current)));
  const formats = useMemo(() => JSON.parse(formatsKey) as Formats, [formatsKey]);
  const [linkOpen, setLinkOpen] = useState(false);
  // The dialog takes the focus; the selection it will wrap is the one the author had when opening it.
  const linkSelection = useRef<Range | null>(null);

  const refocus = () => {
    try {
      ReactEditor.focus(editor);
    } catch {
      // The field may have unmounted meanwhile (selection moved elsewhere); nothing to focus then.
    }
  };
  const applyValue = (mark: ValueMark, value: string | null) => {
    setMarkValue(editor, mark, value);
    refocus();
  };
  const currentAlign = formats.align;

  return (
    <div
      role="toolbar"
      aria-label={t('editorItems.richText.toolbar')}
      // In the flow above the text, not floating: items and the itinerary clip what overflows them.
      className="mb-1 flex w-fit max-w-full flex-wrap items-center gap-0.5 rounded-control border border-neutral-200 bg-white p-1 shadow-raised"
    >
      {MARKS.map(({ mark, icon }) => (
        <ToolbarButton key={mark} label={t(`editorItems.richText.marks.${mark}`)} pressed={formats.marks[mark]} icon={icon} onClick={() => toggleMark(editor, mark)} />
      ))}
      <ToolbarPopover label={t('editorItems.richText.colour')} icon={<Baseline className={ICON} aria-hidden="true" />} swatch={formats.color}>
        {(close) => (
          <ColourPalette
            value={formats.color}
            onPick={(colour) => {
              applyValue('color', colour);
              close();
            }}
          />
        )}
      </ToolbarPopover>
      <ToolbarPopover
        label={t('editorItems.richText.background')}
        icon={<Highlighter className={ICON} aria-hidden="true" />}
        swatch={formats.backgroundColor}
      >
        {(close) => (
          <ColourPalette
            value={formats.backgroundColor}
            onPick={(colour) => {
              applyValue('backgroundColor', colour);
              close();
            }}
          />
        )}
      </ToolbarPopover>
      <ToolbarPopover label={t('editorItems.richText.fontSize')} icon={<ALargeSmall className={ICON} aria-hidden="true" />}>
        {(close) => (
          <FontSizeControl
            value={formats.fontSize}
            onPick={(size) => {
              applyValue('fontSize', size);
              close();
            }}
          />
        )}
      </ToolbarPopover>
      <span className="mx-0.5 h-5 w-px bg-neutral-200" aria-hidden="true" />
      {singleLine
        ? null
        : BLOCKS.map(({ type, icon }) => (
            <ToolbarButton
              key={type}
              label={t(`editorItems.richText.blocks.${type}`)}
              pressed={formats.blocks[type]}
              icon={icon}
              onClick={() => toggleBlock(editor, type)}
            />
          ))}
      {ALIGNS.map(({ align, icon }) => (
        <ToolbarButton
          key={align}
          label={t(`editorItems.richText.align.${align}`)}
          pressed={currentAlign === align}
          icon={icon}
          onClick={() => setAlign(editor, align)}
        />
      ))}
      {singleLine ? null : (
        <>
          <ToolbarButton
            label={t('editorItems.richText.link')}
            pressed={formats.link}
            icon={<Link className={ICON} aria-hidden="true" />}
            onClick={() => {
              linkSelection.current = editor.selection;
              setLinkOpen(true);
            }}
          />
          <LinkDialog
            open={linkOpen}
            currentHref={linkOpen ? activeLinkHref(editor) : undefined}
            onClose={() => setLinkOpen(false)}
            onApply={(href) => {
              setLinkOpen(false);
              // An empty selection wraps nothing: the dialog just closes (spec §5).
              if (wrapLink(editor, href, linkSelection.current)) refocus();
            }}
            onRemove={() => {
              setLinkOpen(false);
              unwrapLink(editor, linkSelection.current);
              refocus();
            }}
          />
        </>
      )}
    </div>
  );
});

function ToolbarPopover({
  label,
  icon,
  swatch,
  children,
}: {
  label: string;
  icon: ReactNode;
  swatch?: string | undefined;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <ToolbarButton
          label={label}
          icon={
            <span className="relative flex flex-col items-center">
              {icon}
              {swatch ? <span className="absolute -bottom-1.5 h-0.5 w-4 rounded-full" style={{ backgroundColor: swatch }} /> : null}
            </span>
          }
        />
      </Popover.Trigger>
      {/* Not portalled: the popover stays inside the field, so the field keeps counting as focused. */}
      <Popover.Content
        side="bottom"
        align="start"
        sideOffset={4}
        aria-label={label}
        className="z-30 rounded-control border border-neutral-200 bg-white p-2 shadow-raised"
        onCloseAutoFocus={(event) => event.preventDefault()}
      >
        {children(() => setOpen(false))}
      </Popover.Content>
    </Popover.Root>
  );
}
