import type { BaseEditor } from 'slate';
import type { ReactEditor } from 'slate-react';
import type { RichElement, RichLeaf } from '@pocketguide/contracts';

/**
 * The one declaration of the editor's node types (Slate's module augmentation): Slate's `Element` and `Text` are
 * the contracts' rich-text shapes, so a Slate value IS a stored `RichText` and needs no conversion.
 *
 * No slate-history: the editor core keeps the one undo stack (a field's typing arrives there as 'typing' edits),
 * so Ctrl+Z inside a field undoes the document and the field follows its value.
 */
declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor;
    Element: RichElement;
    Text: RichLeaf;
  }
}

export {};
