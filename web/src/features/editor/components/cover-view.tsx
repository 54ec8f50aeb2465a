import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ImagePlus, Plus, Type } from 'lucide-react';
import type { CoverType, GuidebookDocument, ImageSet } from '@pocketguide/contracts';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { cx } from '../../../lib/class-names.ts';
import { setCoverType, type CoverPart } from '../editor-actions.ts';
import { useEditor, useEditorState } from '../editor-context.tsx';
import { CoverCards } from './cover-cards.tsx';
import { EditableRichText } from './editable-rich-text.tsx';
import { MenuTiles } from './menu-tiles.tsx';
import { pressToSelect } from '../press-to-select.ts';

/**
 * The cover as readers see it (the viewer's layout): header, the cover title (subheader), the menu of content
 * tiles, the cover cards, the footer (the same parts, in the same order, as `coverHtml` in render-viewer.ts). Editable in place: a part is selected by clicking it and then shows its controls.
 */
export function CoverView({
  doc,
  editable,
  onAddPage,
}: {
  doc: GuidebookDocument;
  editable: boolean;
  onAddPage?: () => void;
}) {
  const { t } = useTranslation();
  const { links } = useEditor();
  return (
    <div className="flex flex-1 flex-col">
      {editable ? (
        <div className="border-b border-neutral-100 px-3 py-2">
          <Link
            to={links.list}
            className="inline-flex h-9 items-center gap-1.5 rounded-control px-2 text-sm font-semibold text-neutral-700 hover:bg-neutral-100"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('editor.canvas.backToGuidebooks')}
          </Link>
        </div>
      ) : null}
      <CoverPartView part="header" doc={doc} editable={editable}>
        {(active) => (
          <div className="px-14 pt-5 pb-2 text-center text-neutral-700">
            <EditableRichText
              value={doc.header.text}
              editable={editable}
              active={active}
              target="header.text"
              write={(draft, text) => void (draft.header.text = text)}
              placeholder={t('editor.canvas.headerPlaceholder')}
              label={t('editor.canvas.header')}
            />
          </div>
        )}
      </CoverPartView>
      <CoverPartView part="subheader" doc={doc} editable={editable}>
        {(active) => (
          <TitleAndText
            part="subheader"
            doc={doc}
            editable={editable}
            active={active}
            className="px-6 pt-6 pb-2 text-center"
            titleClassName={SUBHEADER_TITLE}
            textClassName="mt-1.5 text-[15px] text-neutral-600"
          />
        )}
      </CoverPartView>
      <MenuTiles doc={doc} editable={editable} {...(onAddPage ? { onAddPage } : {})} />
      <CoverCards doc={doc} editable={editable} />
      <footer className="mt-auto border-t border-neutral-100 bg-neutral-50 px-6 pt-6 pb-8 text-center">
        <CoverPartView part="footer" doc={doc} editable={editable}>
          {(active) => (
            <TitleAndText
              part="footer"
              doc={doc}
              editable={editable}
              active={active}
              className="mb-4 text-neutral-700"
              titleClassName={FOOTER_TITLE}
              textClassName="mt-1.5 text-[15px] text-neutral-600"
            />
          )}
        </CoverPartView>
        <p className="text-xs text-neutral-500">
          {t('editor.canvas.poweredBy')} <strong className="font-semibold text-neutral-700">{t('app.name')}</strong>
        </p>
      </footer>
    </div>
  );
}

/**
 * The viewer's sizes (web/src/viewer/viewer.css) for what the rich-text field draws: the subheader is the page's
 * h1 (its heading-one 26 px bold, line-height 1.3, `.pg-subheader h1`; a heading-two 20 px), the footer's headings
 * are one level lower (20 px and 17 px, `.pg-rich h2/h3`); a plain paragraph is body text (16 px, regular) in both.
 * The field draws heading-one as h2 and heading-two as h3 (`BLOCK_CLASSES`), so those are sized here.
 */
const SUBHEADER_TITLE =
  'text-base text-neutral-800 [&_h2]:text-[26px] [&_h2]:leading-[1.3] [&_h2]:font-bold [&_h2]:text-neutral-900 [&_h3]:text-[20px] [&_h3]:leading-[1.3] [&_h3]:font-bold';
const FOOTER_TITLE =
  'text-base [&_h2]:text-[20px] [&_h2]:leading-[1.3] [&_h2]:font-bold [&_h2]:text-neutral-900 [&_h3]:text-[17px] [&_h3]:leading-[1.3] [&_h3]:font-bold';

/** The cover title (subheader) and the footer in text form: a one-line title over a text, each edited in place. */
function TitleAndText({
  part,
  doc,
  editable,
  active,
  className,
  titleClassName,
  textClassName,
}: {
  part: 'subheader' | 'footer';
  doc: GuidebookDocument;
  editable: boolean;
  active: boolean;
  className: string;
  titleClassName: string;
  textClassName: string;
}) {
  const { t } = useTranslation();
  const titlePlaceholder = t(
    part === 'subheader' ? 'editor.canvas.subheaderTitlePlaceholder' : 'editor.canvas.footerTitlePlaceholder',
  );
  const textPlaceholder = t(
    part === 'subheader' ? 'editor.canvas.subheaderTextPlaceholder' : 'editor.canvas.footerTextPlaceholder',
  );
  return (
    <div className={className}>
      <EditableRichText
        value={doc[part].title}
        editable={editable}
        active={active}
        target={`${part}.title`}
        write={(draft, title) => void (draft[part].title = title)}
        singleLine
        placeholder={titlePlaceholder}
        label={part === 'subheader' ? t('editor.canvas.subheader') : titlePlaceholder}
        className={titleClassName}
      />
      <EditableRichText
        value={doc[part].text}
        editable={editable}
        active={active}
        target={`${part}.text`}
        write={(draft, text) => void (draft[part].text = text)}
        placeholder={textPlaceholder}
        label={textPlaceholder}
        className={textClassName}
      />
    </div>
  );
}

/** A cover part: its text (through `children`) or its image, with the text/image switch and upload when selected. */
function CoverPartView({
  part,
  doc,
  editable,
  children,
}: {
  part: CoverPart;
  doc: GuidebookDocument;
  editable: boolean;
  children: (active: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const { store, showAlert, uploadImage } = useEditor();
  const active = useEditorState((state) => state.activeId === part) && editable;
  const isNew = useEditorState((state) => state.guidebookId === null);
  const value = doc[part];
  const label = t(`editor.canvas.${part}`);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const chooseType = (type: CoverType) => {
    // spec §4: choosing image on a guidebook that was never saved is refused (uploads need a saved guidebook)
    if (type === 'image' && isNew) {
      showAlert(t('editor.alert.uploadNeedsSave'));
      return;
    }
    setCoverType(store, part, type);
  };
  const upload = async (file: File) => {
    setBusy(true);
    setProgress(0);
    try {
      await uploadImage({ kind: part }, file, setProgress);
    } catch {
      // uploadImage has shown the reason already
    } finally {
      setBusy(false);
    }
  };

  const image = value.type === 'image' ? <CoverImage image={value.image} part={part} alt={doc.title} /> : null;
  return (
    <div
      className={cx(
        'relative',
        editable && 'cursor-text',
        active
          ? 'outline-2 -outline-offset-2 outline-primary-600'
          : editable && 'hover:outline hover:-outline-offset-1 hover:outline-primary-200',
      )}
      {...(editable ? pressToSelect(() => store.select(part)) : {})}
      onFocus={editable ? () => store.select(part) : undefined}
      data-part={part}
    >
      {active ? (
        <div
          className="relative z-10 mt-2 mr-2 ml-auto flex w-fit items-center gap-1 rounded-control border border-neutral-200 bg-white p-1 shadow-raised"
          role="toolbar"
          aria-label={label}
        >
          <div role="radiogroup" aria-label={t('editor.canvas.showAs', { part: label })} className="flex">
            {(['text', 'image'] as const).map((type) => (
              <button
                key={type}
                type="button"
                role="radio"
                aria-checked={value.type === type}
                onClick={() => chooseType(type)}
                className={cx(
                  'inline-flex h-8 items-center gap-1 rounded-control px-2 text-xs font-semibold',
                  value.type === type ? 'bg-primary-50 text-primary-700' : 'text-neutral-600 hover:bg-neutral-100',
                )}
              >
                {type === 'text' ? (
                  <Type className="size-3.5" aria-hidden="true" />
                ) : (
                  <ImagePlus className="size-3.5" aria-hidden="true" />
                )}
                {t(type === 'text' ? 'editor.canvas.asText' : 'editor.canvas.asImage')}
              </button>
            ))}
          </div>
          {value.type === 'image' ? (
            <>
              <button
                type="button"
                disabled={busy}
                onClick={() => input.current?.click()}
                className="inline-flex h-8 items-center gap-1 rounded-control bg-primary-600 px-2 text-xs font-semibold text-white hover:bg-primary-700 disabled:opacity-60"
              >
                <Plus className="size-3.5" aria-hidden="true" />
                {busy
                  ? t('editor.canvas.uploading', { percent: Math.round(progress * 100) })
                  : t(value.image ? 'editor.canvas.replaceImage' : 'editor.canvas.uploadImage')}
              </button>
              {busy ? (
                <ProgressBar
                  value={progress}
                  label={t('editor.canvas.uploadProgress')}
                  className="absolute inset-x-1 -bottom-2 h-1"
                />
              ) : null}
              <input
                ref={input}
                type="file"
                accept="image/jpeg,image/png,image/gif"
                className="hidden"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void upload(file);
                }}
              />
            </>
          ) : null}
        </div>
      ) : null}
      {image ?? children(active)}
    </div>
  );
}

function CoverImage({ image, part, alt }: { image: ImageSet | undefined; part: CoverPart; alt: string }) {
  const { t } = useTranslation();
  if (!image) {
    return (
      <div
        className={cx(
          'flex items-center justify-center bg-neutral-100 text-sm text-neutral-500',
          part === 'header' ? 'aspect-video' : 'm-4 h-32 rounded-card',
        )}
      >
        {t('editor.canvas.noImage')}
      </div>
    );
  }
  if (part === 'header')
    return (
      <img
        src={image.large}
        srcSet={`${image.small} 320w, ${image.medium} 640w, ${image.large} 1280w`}
        sizes="435px"
        alt={alt}
        className="aspect-video w-full object-cover"
      />
    );
  return (
    <div className="p-4">
      <img src={image.medium} alt="" className="w-full rounded-card" />
    </div>
  );
}
