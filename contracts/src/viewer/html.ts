/**
 * HTML string building for the viewer's renderer. Everything an author wrote goes through `escapeHtml`, and every
 * URL or CSS value through a check here even though the document schema already refused bad ones at save time: the
 * renderer also runs on data read back from a cache, and an injection must need two bugs, not one.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/** ` name="value"` with the value escaped; nothing for null, undefined or false; ` name` for true. */
export function attr(name: string, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return ` ${name}`;
  return ` ${name}="${escapeHtml(String(value))}"`;
}

const LINK = /^(https?:\/\/|mailto:|tel:)[^\s"'<>]+$/i;
const ASSET = /^(https?:\/\/[^\s"'<>]+|\/[^/\s"'<>][^\s"'<>]*)$/i;
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|transparent)$/i;
const FONT_SIZE = /^(\d{1,3}(\.\d{1,2})?)px$/;

/** A link an author may make (web, mail, phone), or null. */
export const safeLink = (href: string): string | null => (LINK.test(href) ? href : null);
/** An image or icon address (web or root-relative), or null. */
export const safeAsset = (src: string): string | null => (ASSET.test(src) ? src : null);
export const safeColor = (value: string): string | null => (COLOR.test(value) ? value : null);
/** A font size in px, or null. */
export function safeFontSize(value: string): number | null {
  const match = FONT_SIZE.exec(value);
  return match ? Number(match[1]) : null;
}

/** Spec 1 §5: line height by font size (up to 16: 1.5, up to 20: 1.4, up to 24: 1.3, otherwise 1.2). */
export function lineHeightFor(px: number): number {
  if (px <= 16) return 1.5;
  if (px <= 20) return 1.4;
  if (px <= 24) return 1.3;
  return 1.2;
}

/** Small interface icons (24 px grid, stroked), inline so they cost no request. */
const icon = (body: string, extra = '') =>
  `<svg class="pg-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"${extra}>${body}</svg>`;

export const ICONS = {
  back: icon('<path d="m15 18-6-6 6-6"/>'),
  forward: icon('<path d="m9 18 6-6-6-6"/>'),
  up: icon('<path d="m18 15-6-6-6 6"/>'),
  share: icon('<path d="M12 3v12"/><path d="m7 8 5-5 5 5"/><path d="M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"/>'),
  pin: icon('<path d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21Z"/><circle cx="12" cy="9.5" r="2.5"/>'),
  play: '<svg class="pg-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path d="M8 5.5v13l11-6.5Z" fill="currentColor"/></svg>',
  lock: icon('<rect x="4.5" y="10.5" width="15" height="10" rx="2"/><path d="M8 10.5V7.5a4 4 0 0 1 8 0v3"/>'),
  star: '<svg class="pg-icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false"><path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6L12 16.8 6.6 19.6l1.1-6L3.2 9.4l6.1-.8Z" fill="currentColor"/></svg>',
  plane: icon(
    '<path d="M17.8 19.2 16 11l3.5-3.5C21 6 21.5 4 21 3c-1-.5-3 0-4.5 1.5L13 8 4.8 6.2c-.5-.1-.9.1-1.1.5l-.3.5c-.2.5-.1 1 .3 1.3L9 12l-2 3H4l-1 1 3 2 2 3 1-1v-3l3-2 3.5 5.3c.3.4.8.5 1.3.3l.5-.2c.4-.3.6-.7.5-1.2z"/>',
  ),
  chevron: icon('<path d="m6 9 6 6 6-6"/>'),
  external: icon(
    '<path d="M15 3h6v6"/><path d="M10 14 21 3"/><path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"/>',
  ),
  close: icon('<path d="M18 6 6 18"/><path d="m6 6 12 12"/>'),
  cloud: icon('<path d="M17.5 19H9a7 7 0 1 1 6.7-9h1.8a4.5 4.5 0 1 1 0 9Z"/><path d="m9.5 14 2 2 3.5-3.5"/>'),
  offline: icon(
    '<path d="m2 2 20 20"/><path d="M8.5 16.4a5 5 0 0 1 7 0"/><path d="M5 12.9a10 10 0 0 1 5.2-2.7"/><path d="M19 12.9a10 10 0 0 0-2.6-1.8"/><path d="M2 8.8a15 15 0 0 1 4.2-2.6"/><path d="M22 8.8A15 15 0 0 0 11 4.9"/><circle cx="12" cy="20" r=".5"/>',
  ),
} as const;

/** The PocketGuide mark (the favicon's folded map with a pin), for the splash screens. */
export const LOGO_MARK =
  '<svg class="pg-logo" viewBox="0 0 32 32" width="56" height="56" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#0e7268"/><path d="M6.5 11.2 12.3 9l7.4 2.6 5.8-2.2v13.4l-5.8 2.2-7.4-2.6-5.8 2.2Z" fill="#fff"/><path d="M12.3 9v13.4M19.7 11.6V25" stroke="#a8ddd7" stroke-width="1.2"/><path d="M16 6.2a3.6 3.6 0 0 1 3.6 3.6c0 2.5-3.6 6-3.6 6s-3.6-3.5-3.6-6A3.6 3.6 0 0 1 16 6.2Z" fill="#f26b4b" stroke="#fff" stroke-width="1.2"/><circle cx="16" cy="9.8" r="1.3" fill="#fff"/></svg>';
