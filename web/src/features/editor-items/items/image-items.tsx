import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon } from 'lucide-react';
import type { SectionItemOf } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { editRichField, RichTextField } from '../rich-text/rich-text-field.tsx';
import { GuidebookImage } from './guidebook-image.tsx';
import { ImageUploadButton } from './image-upload-button.tsx';
import { pressToSelect } from '../../editor/press-to-select.ts';

/** The grey box an item shows where its image will go, `height` px high (default 70, spec §3). */
function ImagePlaceholder({ height, children }: { height: number; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 bg-neutral-100 text-neutral-500" style={{ minHeight: height }}>
      {children ?? <ImageIcon className="size-6" aria-hidden="true" />}
    </div>
  );
}

/** An image of its own; with the important flag ("Sticky") it stays pinned to the top while readers scroll. */
export function ImageItem({ item, editable, active, onActivate, uploadImage }: SectionItemProps<SectionItemOf<'image'>>) {
  const { t } = useTranslation();
  if (!editable) {
    if (!item.image) return null;
    return (
      <div className={cx(item.isImportant ? 'sticky top-0 z-10' : undefined)} data-sticky={item.isImportant || undefined}>
        <GuidebookImage image={item.image} />
      </div>
    );
  }
  return (
    <div className="relative" {...pressToSelect(onActivate)} onFocusCapture={onActivate}>
      {item.image ? <GuidebookImage image={item.image} /> : <ImagePlaceholder height={item.height} />}
      {item.isImportant ? (
        // the author's reminder that readers get this image pinned (they see the pinning, not a label)
        <span data-editor-chrome className="absolute top-2 left-2 rounded-full bg-neutral-900/70 px-2 py-0.5 text-xs font-semibold text-white">
          {t('editorItems.image.sticky')}
        </span>
      ) : null}
      {active ? (
        <div className="absolute right-2 bottom-2">
          <ImageUploadButton uploadImage={uploadImage} label={item.image ? t('editorItems.image.replace') : t('editorItems.image.upload')} />
        </div>
      ) : null}
    </div>
  );
}

export type ImageTextMode = 'text' | 'image';

/**
 * An image over its text, the image as wide as the column, as readers get it (the viewer's `.pg-imagetext`). While
 * active in the editor the author switches between editing the text and the image; it starts in text mode again
 * each time it becomes active (spec §4).
 */
export function ImageTextItem({ item, editable, active, onActivate, onEdit, uploadImage }: SectionItemProps<SectionItemOf<'imagetext'>>) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ImageTextMode>('text');
  useEffect(() => {
    if (active) setMode('text');
  }, [active]);
  const editing = editable && active;

  return (
    <div className="flex flex-col gap-2.5" {...(editable ? pressToSelect(onActivate) : {})}>
      {editing ? (
        <div role="group" aria-label={t('editorItems.imageText.mode')} className="flex gap-1 self-start rounded-control bg-neutral-100 p-0.5">
          {(['text', 'image'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={mode === option}
              onClick={() => setMode(option)}
              className={cx(
                'h-7 rounded-[6px] px-3 text-sm font-semibold',
                mode === option ? 'bg-white text-primary-700 shadow-raised' : 'text-neutral-600 hover:text-neutral-900',
              )}
            >
              {t(`editorItems.imageText.modes.${option}`)}
            </button>
          ))}
        </div>
      ) : null}
      {/* Readers see no empty box: without an image there is only the text. */}
      {item.image || editable ? (
        <div className="flex flex-col gap-2">
          <div className={cx('overflow-hidden rounded-control', editing && mode === 'image' ? 'ring-2 ring-primary-600' : undefined)}>
            {item.image ? <GuidebookImage image={item.image} /> : <ImagePlaceholder height={item.height} />}
          </div>
          {editing && mode === 'image' ? (
            <div className="self-start">
              <ImageUploadButton uploadImage={uploadImage} label={item.image ? t('editorItems.image.replace') : t('editorItems.image.upload')} />
            </div>
          ) : null}
        </div>
      ) : null}
      <RichTextField
        className="min-w-0"
        value={item.content}
        // In image mode the text is shown as readers see it, so clicks go to the image controls.
        editable={editable && (!active || mode === 'text')}
        active={editing && mode === 'text'}
        onActivate={onActivate}
        onChange={editRichField(onEdit, 'content')}
        label={t('editorItems.text.label')}
        placeholder={t('editorItems.text.placeholder')}
      />
    </div>
  );
}
