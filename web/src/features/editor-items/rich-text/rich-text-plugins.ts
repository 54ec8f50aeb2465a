import { Editor, Element, Node, Text, Transforms } from 'slate';
import type { RichBlock, RichBlockType } from '@pocketguide/contracts';
import './slate-types.ts';

/**
 * Behaviour of the rich-text editor as Slate plugins (spec §5): inline links and soft breaks, the normalisations,
 * and Enter. Each plugin wraps the editor's methods and calls the previous ones, as in Slate's examples.
 */

/** Blocks whose new sibling after Enter is a plain paragraph (a heading's next line is body text). */
const PARAGRAPH_AFTER: ReadonlySet<RichBlockType> = new Set(['heading-one', 'heading-two', 'block-quote']);
export const LIST_TYPES: ReadonlySet<RichBlockType> = new Set(['numbered-list', 'bulleted-list']);

export const emptyParagraph = (): RichBlock => ({ type: 'paragraph', children: [{ text: '' }] });

const isBlockElement = (editor: Editor, node: Node): node is RichBlock =>
  Element.isElement(node) && editor.isBlock(node);

export function withRichText(editor: Editor): Editor {
  const { isInline, isVoid, normalizeNode, insertBreak } = editor;

  editor.isInline = (element) => element.type === 'link' || element.type === 'break' || isInline(element);
  editor.isVoid = (element) => element.type === 'break' || isVoid(element);

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (path.length === 0) {
      // An emptied field still holds one empty paragraph to type into.
      if (editor.children.length === 0) {
        Transforms.insertNodes(editor, emptyParagraph(), { at: [0] });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (Text.isText(child) || (Element.isElement(child) && editor.isInline(child))) {
          Transforms.wrapNodes(editor, { type: 'paragraph', children: [] }, { at: childPath });
          return;
        }
      }
    }
    if (Element.isElement(node) && node.type === 'link' && Node.string(node).trim() === '') {
      // A link without text cannot be seen or clicked (spec §5): it goes.
      Transforms.removeNodes(editor, { at: path });
      return;
    }
    if (
      Element.isElement(node) &&
      node.type === 'paragraph' &&
      Editor.isEmpty(editor, node) &&
      node.children.length > 1
    ) {
      // An empty paragraph keeps one plain empty leaf, not a run of empty marked ones.
      Transforms.removeNodes(editor, { at: [...path, 1] });
      return;
    }
    if (Element.isElement(node) && node.type === 'list-item' && path.length > 0) {
      const parent = Node.parent(editor, path);
      if (!Element.isElement(parent) || !LIST_TYPES.has(parent.type as RichBlockType)) {
        Transforms.setNodes(editor, { type: 'paragraph' }, { at: path });
        return;
      }
    }
    normalizeNode(entry, options);
  };

  editor.insertBreak = () => {
    const block = Editor.above(editor, { match: (node) => isBlockElement(editor, node) });
    if (block && block[0].type === 'list-item' && Editor.isEmpty(editor, block[0])) {
      // Enter on an empty bullet ends the list, as word processors do.
      Transforms.unwrapNodes(editor, {
        match: (node) => Element.isElement(node) && LIST_TYPES.has(node.type as RichBlockType),
        split: true,
      });
      Transforms.setNodes(editor, { type: 'paragraph' });
      return;
    }
    // Splitting copies the block's properties, so the alignment carries over (spec §5).
    insertBreak();
    if (block && PARAGRAPH_AFTER.has(block[0].type)) {
      Transforms.setNodes(editor, { type: 'paragraph' }, { match: (node) => isBlockElement(editor, node) });
    }
  };

  editor.insertSoftBreak = () => {
    Transforms.insertNodes(editor, { type: 'break', children: [{ text: '' }] });
    Transforms.move(editor);
  };

  return editor;
}

/** Single-line fields (titles): Enter does nothing and pasted lines join into one block (spec §5). */
export function withSingleLine(editor: Editor): Editor {
  const { normalizeNode } = editor;
  editor.insertBreak = () => undefined;
  editor.insertSoftBreak = () => undefined;
  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (path.length === 0 && editor.children.length > 1) {
      const second = editor.children[1];
      // A pasted list is unwrapped first, so that only like blocks (text in text) are merged.
      if (
        Element.isElement(second) &&
        second.children.some((child) => Element.isElement(child) && editor.isBlock(child))
      ) {
        Transforms.unwrapNodes(editor, { at: [1] });
      } else {
        Transforms.mergeNodes(editor, { at: [1] });
      }
      return;
    }
    if (Element.isElement(node) && node.type === 'break') {
      Transforms.removeNodes(editor, { at: path });
      return;
    }
    normalizeNode(entry, options);
  };
  return editor;
}
