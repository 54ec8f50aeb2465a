import { useTranslation } from 'react-i18next';
import type { RichText, SectionItemOf } from '@pocketguide/contracts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';

/** Title and text items: one rich field each (a title is one line, spec §5). */

export function TitleItem({ item, editable, active, onActivate, onEdit }: SectionItemProps<SectionItemOf<'title'>>) {
  const { t } = useTranslation();
  return (
    <div className="px-4 py-2">
      <RichTextField
        value={item.content}
        editable={editable}
        active={active}
        onActivate={onActivate}
        onChange={(content: RichText) =>
          onEdit((draft) => {
            draft.content = content;
          }, 'typing')
        }
        singleLine
        label={t('editorItems.title.label')}
        placeholder={t('editorItems.title.placeholder')}
        className="text-lg font-bold text-neutral-900"
      />
    </div>
  );
}

export function TextItem({ item, editable, active, onActivate, onEdit }: SectionItemProps<SectionItemOf<'text'>>) {
  const { t } = useTranslation();
  return (
    <div className="px-4 py-2">
      <RichTextField
        value={item.content}
        editable={editable}
        active={active}
        onActivate={onActivate}
        onChange={(content: RichText) =>
          onEdit((draft) => {
            draft.content = content;
          }, 'typing')
        }
        label={t('editorItems.text.label')}
        placeholder={t('editorItems.text.placeholder')}
      />
    </div>
  );
}
