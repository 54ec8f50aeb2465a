import { useTranslation } from 'react-i18next';
import { ImageIcon } from 'lucide-react';
import type { SectionItemOf } from '@pocketguide/contracts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { GuidebookImage } from './guidebook-image.tsx';
import { ImageUploadButton } from './image-upload-button.tsx';
import { richFieldProps } from './item-rich-field.ts';
import { pressToSelect } from '../../editor/press-to-select.ts';
import { ImportantBadge } from '../../editor/important-badge.tsx';
import { cx } from '../../../lib/class-names.ts';

/**
 * A preparation card as readers get it (the viewer's `.pg-preparation`): an image (16:9), then the important badge,
 * a title with the readers' checkbox beside it, and a body (spec §3, issue 22).
 */
export function PreparationItem(props: SectionItemProps<SectionItemOf<'preparation'>>) {
  const { item, editable, active, onActivate, uploadImage } = props;
  const { t } = useTranslation();
  return (
    <article
      className={cx('overflow-hidden rounded-card border border-neutral-200 bg-white', item.isImportant && 'border-l-[3px] border-l-accent-500')}
      {...(editable ? pressToSelect(onActivate) : {})}
    >
      {item.image ? (
        <GuidebookImage image={item.image} className="aspect-video object-cover" />
      ) : editable ? (
        <div className="flex h-24 items-center justify-center bg-neutral-100 text-neutral-500">
          <ImageIcon className="size-6" aria-hidden="true" />
        </div>
      ) : null}
      <div className="flex flex-col gap-1.5 px-4 pt-3 pb-3.5">
        {editable && active ? (
          <div className="self-start">
            <ImageUploadButton uploadImage={uploadImage} label={item.image ? t('editorItems.image.replace') : t('editorItems.image.upload')} />
          </div>
        ) : null}
        {item.isImportant ? <ImportantBadge /> : null}
        <div className="flex items-start gap-3">
          <RichTextField
            {...richFieldProps(props, 'title')}
            className="min-w-0 flex-1 font-semibold text-neutral-900"
            singleLine
            label={t('editorItems.preparation.titleLabel')}
            placeholder={t('editorItems.preparation.titlePlaceholder')}
          />
          {/* The reader's checkbox, drawn where readers get it; ticks are theirs, kept on their phones. */}
          <label className="-my-1 inline-flex shrink-0 items-center gap-1.5 text-[13px] text-neutral-600" title={t('editorItems.preparation.checkHint')} data-prep-check>
            <input type="checkbox" disabled className="size-[22px] accent-primary-600" />
            <span>{t('editorItems.preparation.check')}</span>
          </label>
        </div>
        <RichTextField
          {...richFieldProps(props, 'body')}
          className="text-sm text-neutral-700"
          label={t('editorItems.preparation.bodyLabel')}
          placeholder={t('editorItems.preparation.bodyPlaceholder')}
        />
      </div>
    </article>
  );
}
