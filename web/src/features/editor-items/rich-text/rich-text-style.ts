import type { CSSProperties } from 'react';
import {
  lineHeightForSize,
  type RichAlign,
  type RichBlockType,
  type RichLeaf,
  type RichNode,
} from '@pocketguide/contracts';

/**
 * How rich text looks, shared by the Slate editor and the slate-free renderer so that edit mode and view mode
 * draw the same thing (spec §5 line heights included). No Slate import here: the viewer may use it.
 */

/** Body text size when a leaf sets none (the design's 16 px body). */
export const BASE_FONT_PX = 16;

export const BLOCK_CLASSES: Readonly<Record<RichBlockType, string>> = {
  paragraph: '',
  'heading-one': 'text-xl font-bold',
  'heading-two': 'text-lg font-bold',
  // the viewer's `.pg-rich blockquote`: a shaded box with a bar on its left
  'block-quote': 'my-2 rounded-r-control border-l-[3px] border-primary-200 bg-neutral-50 px-3 py-2',
  'numbered-list': 'list-decimal pl-6',
  'bulleted-list': 'list-disc pl-6',
  'list-item': '',
};

/** The element each block is drawn as, the same in the editor, in a field drawn without Slate, and in view mode. */
export const BLOCK_TAGS = {
  paragraph: 'p',
  'heading-one': 'h2',
  'heading-two': 'h3',
  'block-quote': 'blockquote',
  'numbered-list': 'ol',
  'bulleted-list': 'ul',
  'list-item': 'li',
} as const satisfies Record<RichBlockType, keyof HTMLElementTagNameMap>;

export const LINK_CLASS = 'text-primary-600 underline underline-offset-2';

/** px of a stored font size ('18px'), or undefined when unset or unreadable. */
export function fontSizePx(fontSize: string | undefined): number | undefined {
  if (!fontSize) return undefined;
  const px = Number.parseFloat(fontSize);
  return Number.isFinite(px) && px > 0 ? px : undefined;
}

/** The largest font size among a node's leaves: the line height of a block follows it. */
export function largestFontPx(nodes: readonly RichNode[]): number | undefined {
  let largest: number | undefined;
  for (const node of nodes) {
    const px = 'text' in node ? fontSizePx(node.fontSize) : largestFontPx(node.children);
    if (px !== undefined && (largest === undefined || px > largest)) largest = px;
  }
  return largest;
}

export function leafStyle(leaf: RichLeaf): CSSProperties {
  const style: CSSProperties = {};
  const decorations = [leaf.underline ? 'underline' : '', leaf.strikethrough ? 'line-through' : ''].filter(Boolean);
  if (decorations.length > 0) style.textDecorationLine = decorations.join(' ');
  if (leaf.bold) style.fontWeight = 700;
  if (leaf.italic) style.fontStyle = 'italic';
  if (leaf.color) style.color = leaf.color;
  if (leaf.backgroundColor) style.backgroundColor = leaf.backgroundColor;
  const px = fontSizePx(leaf.fontSize);
  if (px !== undefined) {
    style.fontSize = `${px}px`;
    style.lineHeight = lineHeightForSize(px);
  }
  return style;
}

export function blockStyle(block: { align?: RichAlign | undefined; children: readonly RichNode[] }): CSSProperties {
  const style: CSSProperties = { lineHeight: lineHeightForSize(largestFontPx(block.children) ?? BASE_FONT_PX) };
  if (block.align) style.textAlign = block.align;
  return style;
}

/** Only the link kinds the link dialog makes are followed; anything else (javascript:) renders as plain text. */
export function safeHref(href: string): string | undefined {
  return /^(https?:\/\/|mailto:|tel:)\S+$/i.test(href) ? href : undefined;
}
