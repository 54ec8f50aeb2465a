import { useCallback } from 'react';
import type { Draft } from 'immer';
import { richTextToPlain, type GuidebookDocument, type RichText } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import { useEditor } from '../editor-context.tsx';

type EditableRichTextProps = {
  value: RichText;
  editable: boolean;
  active: boolean;
  /** merge key of the undo steps typing here makes */
  target: string;
  write(draft: Draft<GuidebookDocument>, value: RichText): void;
  singleLine?: boolean;
  placeholder?: string;
  label: string;
  className?: string;
};

/** A rich-text part of the cover, edited through the items' rich-text field (or shown as plain text without one). */
export function EditableRichText({
  value,
  editable,
  active,
  target,
  write,
  singleLine,
  placeholder,
  label,
  className,
}: EditableRichTextProps) {
  const { store, registry } = useEditor();
  const Field = registry.RichTextField;
  const part = target.split('.')[0] ?? target;
  const onChange = useCallback(
    (next: RichText) => store.edit((draft) => write(draft, next), { label: 'typing', target }),
    [store, write, target],
  );
  const onActivate = useCallback(() => store.select(part), [store, part]);
  if (!Field) return <div className={cx('whitespace-pre-line', className)}>{richTextToPlain(value)}</div>;
  return (
    <Field
      value={value}
      editable={editable}
      active={active}
      onActivate={onActivate}
      onChange={onChange}
      {...(singleLine ? { singleLine } : {})}
      {...(placeholder ? { placeholder } : {})}
      label={label}
      {...(className ? { className } : {})}
    />
  );
}
