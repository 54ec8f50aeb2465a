import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, X } from 'lucide-react';
import type { ImageSet, SectionItemOf } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { GuidebookImage } from './guidebook-image.tsx';
import { ImageUploadButton } from './image-upload-button.tsx';
import { richFieldProps } from './item-rich-field.ts';
import { pressToSelect } from '../../editor/press-to-select.ts';
import { ImportantBadge } from '../../editor/important-badge.tsx';

type FoldingItem = SectionItemOf<'accordion'>;

/**
 * Accordion items: a title over a body and a list of images. Readers open and close them with a tap; in the editor
 * they are always open (spec §4), so the author sees what they edit. (Air tickets are open cards: airticket-item.tsx.)
 */
function FoldingItemView<T extends FoldingItem>({ body, ...props }: SectionItemProps<T> & { body?: ReactNode }) {
  const { item, editable, active, onActivate, onEdit, uploadImage } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const expanded = editable || open;
  const toggle = () => {
    if (!editable) setOpen((value) => !value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    toggle();
  };
  const kind = item.type;

  const title = (
    <RichTextField
      {...richFieldProps(props, 'title')}
      className="min-w-0 flex-1 font-semibold text-neutral-900"
      singleLine
      label={t(`editorItems.${kind}.titleLabel`)}
      placeholder={t(`editorItems.${kind}.titlePlaceholder`)}
    />
  );

  return (
    <div className={cx('overflow-hidden rounded-card border border-neutral-200 bg-white', item.isImportant && 'border-l-[3px] border-l-accent-500')} {...(editable ? pressToSelect(onActivate) : {})}>
      {editable ? (
        <div className="flex min-h-[52px] items-center gap-2.5 px-3.5 py-2.5">
          {title}
          {item.isImportant ? <ImportantBadge /> : null}
          <ChevronDown className="size-5 shrink-0 rotate-180 text-neutral-400" aria-hidden="true" />
        </div>
      ) : (
        <div
          role="button"
          tabIndex={0}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
          onKeyDown={onKeyDown}
          className="flex min-h-[52px] cursor-pointer items-center gap-2.5 px-3.5 py-2.5 hover:bg-neutral-50"
        >
          {title}
          {item.isImportant ? <ImportantBadge /> : null}
          <ChevronDown className={cx('size-5 shrink-0 text-neutral-500 transition-transform', open ? 'rotate-180' : undefined)} aria-hidden="true" />
        </div>
      )}
      {/* the viewer's `.pg-fold-body`: under the title, 14 px in from the card's sides */}
      <div id={panelId} hidden={!expanded} className="flex flex-col gap-2.5 px-3.5 pb-3.5">
        {/* Closed, the panel holds nothing: readers' pages stay light until they open it. */}
        {expanded ? (
          <>
            {body}
            <ImageList
              images={item.images}
              editable={editable}
              onRemove={(index) =>
                onEdit((draft) => {
                  draft.images.splice(index, 1);
                })
              }
            />
            {editable && active ? (
              <div className="self-start">
                <ImageUploadButton uploadImage={uploadImage} label={t('editorItems.images.add')} />
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

export function ImageList({ images, editable, onRemove }: { images: readonly ImageSet[]; editable: boolean; onRemove(index: number): void }) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {images.map((image, index) => (
        <li key={`${image.large}-${index}`} className="relative overflow-hidden rounded-control">
          <GuidebookImage image={image} displayWidth={400} />
          {editable ? (
            <button
              type="button"
              aria-label={t('editorItems.images.remove', { number: index + 1 })}
              onClick={() => onRemove(index)}
              className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-full bg-neutral-900/70 text-white hover:bg-neutral-900"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function AccordionItem(props: SectionItemProps<SectionItemOf<'accordion'>>) {
  const { t } = useTranslation();
  return (
    <FoldingItemView
      {...props}
      body={<RichTextField {...richFieldProps(props, 'body')} label={t('editorItems.accordion.bodyLabel')} placeholder={t('editorItems.accordion.bodyPlaceholder')} />}
    />
  );
}
