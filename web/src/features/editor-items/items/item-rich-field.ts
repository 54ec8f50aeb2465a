import type { Draft } from 'immer';
import type { RichText } from '@pocketguide/contracts';
import type { PartProps, RichTextFieldProps } from '../../editor/item-contract.ts';
import { editRichField } from '../rich-text/rich-text-field.tsx';

/**
 * The props that bind a `RichTextField` to one rich property of a section item: its value, the item's mode and
 * selection, and a 'typing' edit of that property (`editRichField`). The caller adds what differs from field to
 * field: label, placeholder, classes, single line.
 */
export function richFieldProps<T extends Record<K, RichText>, K extends string>(
  part: Pick<PartProps<T>, 'item' | 'editable' | 'active' | 'onActivate' | 'onEdit'>,
  field: K,
): Pick<RichTextFieldProps, 'value' | 'editable' | 'active' | 'onActivate' | 'onChange'> {
  return {
    value: part.item[field],
    editable: part.editable,
    active: part.active,
    onActivate: part.onActivate,
    // A draft of T has T's keys, which immer's generic `Draft<T>` does not let the compiler see.
    onChange: editRichField(part.onEdit, field as K & keyof Draft<T>),
  };
}
