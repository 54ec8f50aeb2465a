import type { ReactNode } from 'react';
import { richTextToPlain, type RichBlock, type RichNode, type RichText } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import { BLOCK_CLASSES, LINK_CLASS, blockStyle, leafStyle, safeHref } from './rich-text-style.ts';

/**
 * Rich text as readers see it, without Slate (the viewer and previews need no editor code). Draws the same
 * elements and styles as the editor's `renderElement` / `renderLeaf`.
 */
export function RichTextView({
  value,
  className,
  placeholder,
}: {
  value: RichText;
  className?: string | undefined;
  placeholder?: string | undefined;
}) {
  if (placeholder && richTextToPlain(value).trim() === '')
    return <div className={cx('text-neutral-500', className)}>{placeholder}</div>;
  return <div className={cx('break-keep', className)}>{renderRichNodes(value)}</div>;
}

export function renderRichNodes(nodes: readonly RichNode[]): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index));
}

function renderNode(node: RichNode, key: number): ReactNode {
  if ('text' in node) {
    const style = leafStyle(node);
    return Object.keys(style).length > 0 ? (
      <span key={key} style={style}>
        {node.text}
      </span>
    ) : (
      node.text
    );
  }
  switch (node.type) {
    case 'link': {
      const href = safeHref(node.href);
      if (!href) return <span key={key}>{renderRichNodes(node.children)}</span>;
      const external = /^https?:/i.test(href);
      return (
        <a
          key={key}
          href={href}
          className={LINK_CLASS}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {renderRichNodes(node.children)}
        </a>
      );
    }
    case 'break':
      return <br key={key} />;
    default:
      return renderBlock(node, key);
  }
}

function renderBlock(block: RichBlock, key: number): ReactNode {
  const props = { className: BLOCK_CLASSES[block.type] || undefined, style: blockStyle(block) };
  // An empty block keeps its line, as it does in the editor.
  const children = isEmptyBlock(block) ? <br /> : renderRichNodes(block.children);
  switch (block.type) {
    case 'heading-one':
      return (
        <h2 key={key} {...props}>
          {children}
        </h2>
      );
    case 'heading-two':
      return (
        <h3 key={key} {...props}>
          {children}
        </h3>
      );
    case 'block-quote':
      return (
        <blockquote key={key} {...props}>
          {children}
        </blockquote>
      );
    case 'numbered-list':
      return (
        <ol key={key} {...props}>
          {renderRichNodes(block.children)}
        </ol>
      );
    case 'bulleted-list':
      return (
        <ul key={key} {...props}>
          {renderRichNodes(block.children)}
        </ul>
      );
    case 'list-item':
      return (
        <li key={key} {...props}>
          {children}
        </li>
      );
    case 'paragraph':
      return (
        <p key={key} {...props}>
          {children}
        </p>
      );
  }
}

const isEmptyBlock = (block: RichBlock): boolean =>
  block.children.every((child) => 'text' in child && child.text === '');
