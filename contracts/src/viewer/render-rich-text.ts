import type { RichElement, RichLeaf, RichNode } from '../guidebook/guidebook-document.ts';
import { attr, escapeHtml, lineHeightFor, safeColor, safeFontSize, safeLink } from './html.ts';

/**
 * Slate JSON (spec 1 §3 rich text) to HTML for readers. Blocks become their HTML elements; marks become
 * `strong`, `em`, `u`, `s` and one styled `span` for colour, background and size. Text is escaped; links keep only
 * web, mail and phone addresses and open web ones in a new tab.
 */

const isLeaf = (node: RichNode): node is RichLeaf => node.type === undefined;

/**
 * The text of a rich value, blocks separated by newlines: the same as the contracts' `richTextToPlain`, repeated
 * here because that module also defines the document schemas, which the viewer bundle must not carry.
 */
export function plainText(value: readonly RichNode[]): string {
  const parts: string[] = [];
  let blocks = false;
  for (const node of value) {
    if (isLeaf(node)) parts.push(node.text);
    else if (node.type === 'break') parts.push('\n');
    else {
      if (node.type !== 'link') blocks = true;
      parts.push(plainText(node.children));
    }
  }
  return parts.join(blocks ? '\n' : '');
}

/**
 * Phone numbers as readers meet them in a guide ('010-1234-5678', '+81 6-6345-1234', '(02) 123 4567', '1588-1234'):
 * digits in groups split by a space, dot or hyphen. A candidate must start like a phone number (`+`, `(`, `0`, or a
 * Korean 15xx-18xx service number), so dates ('2026-05-02') and year ranges ('2024-2025') stay text.
 */
const PHONE = /(?<![\w+])(?:\+\d{1,3}[ .-]?)?(?:\(?\d{1,4}\)?[ .-])?\d{3,4}[ .-]\d{4}(?![\w])/g;
const PHONE_START = /^(?:\+|\(|0|1[5-8]\d{2}[ .-]\d{4}$)/;

/** A text, escaped, with its phone numbers as `tel:` links (tap to call on a phone). */
export function textWithPhoneLinks(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(PHONE)) {
    const digits = match[0].replace(/[^\d+]/g, '');
    if (!PHONE_START.test(match[0]) || digits.replace('+', '').length < 8 || digits.length > 16) continue;
    html += `${escapeHtml(text.slice(last, match.index))}<a class="pg-tel"${attr('href', `tel:${digits}`)}>${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

function leafHtml(leaf: RichLeaf, inLink = false): string {
  let html = inLink ? escapeHtml(leaf.text) : textWithPhoneLinks(leaf.text);
  if (html === '') return '';
  if (leaf.bold) html = `<strong>${html}</strong>`;
  if (leaf.italic) html = `<em>${html}</em>`;
  if (leaf.underline) html = `<u>${html}</u>`;
  if (leaf.strikethrough) html = `<s>${html}</s>`;
  const styles: string[] = [];
  const color = leaf.color ? safeColor(leaf.color) : null;
  const background = leaf.backgroundColor ? safeColor(leaf.backgroundColor) : null;
  const size = leaf.fontSize ? safeFontSize(leaf.fontSize) : null;
  if (color) styles.push(`color:${color}`);
  if (background) styles.push(`background-color:${background}`);
  if (size !== null) styles.push(`font-size:${size}px;line-height:${lineHeightFor(size)}`);
  return styles.length > 0 ? `<span style="${styles.join(';')}">${html}</span>` : html;
}

function linkHtml(href: string, inner: string): string {
  const safe = safeLink(href);
  if (!safe) return inner;
  const web = /^https?:/i.test(safe);
  return `<a${attr('href', safe)}${web ? ' target="_blank" rel="noopener noreferrer"' : ''}>${inner}</a>`;
}

/** Inline content: leaves, links and soft breaks (a link's own text gets no phone links: links do not nest). */
function inlineHtml(nodes: readonly RichNode[], inLink = false): string {
  let html = '';
  for (const node of nodes) {
    if (isLeaf(node)) html += leafHtml(node, inLink);
    else if (node.type === 'link') html += linkHtml(node.href, inlineHtml(node.children, true));
    else if (node.type === 'break') html += '<br>';
    // A block nested where inline content belongs (not something the editor makes): keep its text.
    else html += inlineHtml(node.children, inLink);
  }
  return html;
}

const alignStyle = (align: string | undefined) =>
  align && align !== 'left'
    ? ` style="text-align:${align === 'justify' ? 'justify' : align === 'center' ? 'center' : 'right'}"`
    : '';

export type RichTextOptions = {
  /** the level `heading-one` becomes (`heading-two` is one below); 2 inside content, 1 for the cover title */
  headingLevel?: 1 | 2 | 3;
};

function blockHtml(node: RichElement, options: Required<RichTextOptions>): string {
  if (node.type === 'link' || node.type === 'break') return inlineHtml([node]);
  const style = 'align' in node ? alignStyle(node.align) : '';
  switch (node.type) {
    case 'paragraph': {
      const inner = inlineHtml(node.children);
      // An empty paragraph is an empty line in the editor, so it keeps its height here.
      return `<p${style}>${inner === '' ? '<br>' : inner}</p>`;
    }
    case 'heading-one':
    case 'heading-two': {
      const level = Math.min(6, options.headingLevel + (node.type === 'heading-two' ? 1 : 0));
      return `<h${level}${style}>${inlineHtml(node.children)}</h${level}>`;
    }
    case 'block-quote':
      return `<blockquote${style}>${inlineHtml(node.children)}</blockquote>`;
    case 'numbered-list':
    case 'bulleted-list': {
      const tag = node.type === 'numbered-list' ? 'ol' : 'ul';
      const items = node.children.map((child) =>
        !isLeaf(child) && child.type === 'list-item'
          ? `<li${alignStyle(child.align)}>${inlineHtml(child.children)}</li>`
          : `<li>${inlineHtml([child])}</li>`,
      );
      return `<${tag}${style}>${items.join('')}</${tag}>`;
    }
    case 'list-item':
      return `<p${style}>${inlineHtml(node.children)}</p>`;
    default: {
      const unknown: never = node;
      return String(unknown);
    }
  }
}

/** A rich value as blocks. */
export function richTextHtml(value: readonly RichNode[], options: RichTextOptions = {}): string {
  const resolved: Required<RichTextOptions> = { headingLevel: options.headingLevel ?? 2 };
  return value.map((node) => (isLeaf(node) ? leafHtml(node) : blockHtml(node, resolved))).join('');
}

/**
 * A rich value as one line of inline content (blocks joined by line breaks), for places where only phrasing
 * content is valid: headings, a `summary`, a day title.
 */
export function richTextInlineHtml(value: readonly RichNode[]): string {
  const parts: string[] = [];
  for (const node of value) {
    if (isLeaf(node)) parts.push(leafHtml(node));
    else if (node.type === 'link' || node.type === 'break') parts.push(inlineHtml([node]));
    else if (node.type === 'numbered-list' || node.type === 'bulleted-list')
      parts.push(...node.children.map((child) => inlineHtml([child])));
    else parts.push(inlineHtml(node.children));
  }
  return parts.filter((part) => part !== '').join('<br>');
}
