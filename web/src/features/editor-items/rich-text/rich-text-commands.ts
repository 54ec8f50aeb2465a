import { Editor, Element, Range, Transforms } from 'slate';
import { linkHrefSchema, type RichAlign, type RichBlockType, type RichLeaf } from '@pocketguide/contracts';
import { LIST_TYPES } from './rich-text-plugins.ts';
import './slate-types.ts';

/** What the toolbar does to the selection: marks, blocks, alignment and links. */

export type ToggleMark = 'bold' | 'italic' | 'underline' | 'strikethrough';
export type ValueMark = 'color' | 'backgroundColor' | 'fontSize';

export function isMarkActive(editor: Editor, mark: ToggleMark): boolean {
  const marks: Omit<RichLeaf, 'text'> | null = Editor.marks(editor);
  return marks?.[mark] === true;
}

export function toggleMark(editor: Editor, mark: ToggleMark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

export function markValue(editor: Editor, mark: ValueMark): string | undefined {
  const marks: Omit<RichLeaf, 'text'> | null = Editor.marks(editor);
  return marks?.[mark];
}

/** Sets a colour, background or size on the selection; null removes it. */
export function setMarkValue(editor: Editor, mark: ValueMark, value: string | null): void {
  if (value === null) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, value);
}

export function isBlockActive(editor: Editor, type: RichBlockType): boolean {
  const { selection } = editor;
  if (!selection) return false;
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, selection),
    match: (node) => Element.isElement(node) && node.type === type,
  });
  return Boolean(match);
}

/** Turns the selected blocks into `type`, or back into paragraphs; lists wrap their items (Slate's example). */
export function toggleBlock(editor: Editor, type: RichBlockType): void {
  const active = isBlockActive(editor, type);
  const isList = LIST_TYPES.has(type);
  // One change: the list-item rule must not see an item before its list wraps it.
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, {
      match: (node) => Element.isElement(node) && LIST_TYPES.has(node.type as RichBlockType),
      split: true,
    });
    const next: RichBlockType = active ? 'paragraph' : isList ? 'list-item' : type;
    Transforms.setNodes(editor, { type: next }, { match: (node) => Element.isElement(node) && editor.isBlock(node) });
    if (!active && isList) Transforms.wrapNodes(editor, { type, children: [] });
  });
}

export function blockAlign(editor: Editor): RichAlign | undefined {
  const entry = Editor.above(editor, {
    match: (node) =>
      Element.isElement(node) && editor.isBlock(node) && node.type !== 'numbered-list' && node.type !== 'bulleted-list',
  });
  const block = entry?.[0];
  return block && 'align' in block ? block.align : undefined;
}

/** Left is the default, so choosing it removes the property (the stored JSON stays small). */
export function setAlign(editor: Editor, align: RichAlign): void {
  Transforms.setNodes(
    editor,
    { align: align === 'left' ? undefined : align },
    { match: (node) => Element.isElement(node) && editor.isBlock(node) && !LIST_TYPES.has(node.type as RichBlockType) },
  );
}

// ---------------------------------------------------------------- links

export const LINK_KINDS = ['url', 'email', 'phone'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/**
 * The stored href for what the author typed (spec §5): a URL gets 'http://' unless it has a scheme, an email
 * 'mailto:', a phone number 'tel:'. Null when blank or still not a valid link.
 */
export function linkHref(kind: LinkKind, input: string): string | null {
  const value = input.trim();
  if (value === '') return null;
  let href: string;
  switch (kind) {
    case 'url':
      href = /^https?:\/\//i.test(value) ? value : `http://${value}`;
      href = href.replace(/\s/g, '%20');
      break;
    case 'email':
      href = `mailto:${value.replace(/^mailto:/i, '').replace(/\s/g, '')}`;
      break;
    case 'phone':
      href = `tel:${value.replace(/^tel:/i, '').replace(/[\s()]/g, '')}`;
      break;
  }
  return linkHrefSchema.safeParse(href).success ? href : null;
}

/** The kind and the text without prefix of a stored href, to edit an existing link. */
export function parseLinkHref(href: string): { kind: LinkKind; text: string } {
  if (/^mailto:/i.test(href)) return { kind: 'email', text: href.slice('mailto:'.length) };
  if (/^tel:/i.test(href)) return { kind: 'phone', text: href.slice('tel:'.length) };
  return { kind: 'url', text: href };
}

export function activeLinkHref(editor: Editor): string | undefined {
  const [entry] = Editor.nodes(editor, { match: (node) => Element.isElement(node) && node.type === 'link' });
  const link = entry?.[0];
  return link && Element.isElement(link) && link.type === 'link' ? link.href : undefined;
}

/**
 * Wraps the text of `at` (the selection saved when the dialog opened) in a link to `href`, replacing any link
 * inside it. An empty or collapsed selection wraps nothing (spec §5: the dialog just closes); returns whether a
 * link was made.
 */
export function wrapLink(editor: Editor, href: string, at: Range | null): boolean {
  if (!at || Range.isCollapsed(at) || Editor.string(editor, at) === '') return false;
  Transforms.select(editor, at);
  Transforms.unwrapNodes(editor, { match: (node) => Element.isElement(node) && node.type === 'link', split: true });
  Transforms.wrapNodes(editor, { type: 'link', href, children: [] }, { split: true });
  Transforms.collapse(editor, { edge: 'end' });
  return true;
}

export function unwrapLink(editor: Editor, at: Range | null): void {
  if (at) Transforms.select(editor, at);
  Transforms.unwrapNodes(editor, { match: (node) => Element.isElement(node) && node.type === 'link' });
}
