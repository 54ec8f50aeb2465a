import type { GuidebookDocument } from '../guidebook/guidebook-document.ts';
import { textLanguage, type ViewerLanguage } from './viewer-texts.ts';

/** The fields that hold words a reader reads (not URLs, ids, icons, colours or the rich text's element types). */
const WORD_KEYS = new Set([
  'text',
  'title',
  'subtitle',
  'heading',
  'description',
  'mealHeading',
  'mealDescription',
  'place',
  'time',
  'schedule',
  'address',
  'content',
]);

function collectWords(node: unknown, key: string | null, out: string[]): void {
  if (typeof node === 'string') {
    if (key !== null && WORD_KEYS.has(key)) out.push(node);
    return;
  }
  if (Array.isArray(node)) {
    for (const child of node) collectWords(child, key, out);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [childKey, value] of Object.entries(node)) collectWords(value, childKey, out);
}

/**
 * The language a guidebook is written in (issue 11: the reader's buttons follow it): read from its title and every
 * text of its document. Null when it has no words yet (the reader's own language is used then).
 */
export function guidebookLanguage(title: string, document: GuidebookDocument | null): ViewerLanguage | null {
  const words: string[] = [title];
  if (document) collectWords(document, null, words);
  return textLanguage(words);
}
