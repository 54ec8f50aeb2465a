import type { ComponentType } from 'react';
import type { SectionItem } from '@pocketguide/contracts';
import type { SectionItemProps } from '../editor/item-contract.ts';
import { UnknownItem } from './items/unknown-item.tsx';
import { sectionItemComponents } from './registry.ts';

/**
 * One section item drawn by its type's component, or the unknown-type placeholder (a document from a newer
 * version, or a type this build lacks). For previews and lists that render items without the editor.
 */
export function SectionItemView(props: SectionItemProps<SectionItem>) {
  const type: string = props.item.type;
  if (!Object.hasOwn(sectionItemComponents, type)) return <UnknownItem type={type} />;
  // The map is keyed by `type`, so the component found takes exactly this item's props.
  const Component = sectionItemComponents[props.item.type] as ComponentType<SectionItemProps<SectionItem>>;
  return <Component {...props} />;
}
