import { useTranslation } from 'react-i18next';
import type { SectionItemOf } from '@pocketguide/contracts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { richFieldProps } from './item-rich-field.ts';

/** An item that is one rich field, its `content`: the title item (one line, spec §5) and the text item. */
function contentItem<T extends SectionItemOf<'title' | 'text'>>(kind: T['type'], look: { singleLine?: boolean; className?: string }) {
  return function ContentItem(props: SectionItemProps<T>) {
    const { t } = useTranslation();
    return (
      <div>
        <RichTextField {...richFieldProps(props, 'content')} {...look} label={t(`editorItems.${kind}.label`)} placeholder={t(`editorItems.${kind}.placeholder`)} />
      </div>
    );
  };
}

export const TitleItem = contentItem<SectionItemOf<'title'>>('title', { singleLine: true, className: 'text-lg font-bold text-neutral-900' });

export const TextItem = contentItem<SectionItemOf<'text'>>('text', {});
