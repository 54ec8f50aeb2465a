import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ImageOff, ImagePlus, Plus, Trash2 } from 'lucide-react';
import type { Draft } from 'immer';
import {
  CARD_IMAGE_TYPES,
  GUIDEBOOK_LIMITS,
  isRichTextBlank,
  newCard,
  type Card,
  type CardType,
  type GuidebookDocument,
  type ImageSet,
  type RichText,
} from '@pocketguide/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useEditor, useEditorState } from '../editor-context.tsx';
import { EditableRichText } from './editable-rich-text.tsx';
import { pressToSelect } from '../press-to-select.ts';

/**
 * The cover's cards (`home.cards`: spec §3 "card types seen on covers"), under the menu as the viewer draws them
 * (`cardHtml` in contracts/src/viewer/render-items.ts, styles `.pg-card*` in web/src/viewer/viewer.css). In the
 * editor every card shows, an empty one with its placeholders, and a selected card offers its texts for editing,
 * a new or replaced picture (uploaded like the cover's), the removal of its picture and its deletion; "Add card"
 * below them adds any card type. Readers (and previews here) never see an empty card.
 */
export function CoverCards({ doc, editable }: { doc: GuidebookDocument; editable: boolean }) {
  const { t } = useTranslation();
  const cards = editable ? doc.home.cards : doc.home.cards.filter((card) => !isEmptyCard(card));
  if (cards.length === 0) {
    // nothing a reader would see: only the way to add a card, outside the cards' part
    return editable ? (
      <div className="flex flex-col px-4 pt-2 pb-4">{addable(doc) ? <AddCardMenu /> : null}</div>
    ) : null;
  }
  return (
    <div
      className="flex flex-col gap-3 px-4 pt-2 pb-4"
      data-part="cards"
      role="group"
      aria-label={t('editor.canvas.cards.label')}
    >
      {cards.map((card) => (
        <CoverCardView key={card._id} card={card} editable={editable} />
      ))}
      {editable && addable(doc) ? <AddCardMenu /> : null}
    </div>
  );
}

const addable = (doc: GuidebookDocument) => doc.home.cards.length < GUIDEBOOK_LIMITS.cards;

const CARD_TYPES = [
  'title',
  'text',
  'image',
  'leftImageCard',
  'preparation',
  'table',
  'schedule-table',
] as const satisfies readonly CardType[];

/** Adds a card of the chosen type at the end of the cover and selects it (one undo step). */
function AddCardMenu() {
  const { t } = useTranslation();
  const { store } = useEditor();
  const add = (type: CardType) => {
    const card = newCard(type, store.ids);
    store.edit((draft) => {
      draft.home.cards.push(card);
    });
    store.select(card._id);
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex h-10 items-center justify-center gap-1.5 rounded-card border border-dashed border-neutral-300 text-sm font-semibold text-neutral-600 hover:border-primary-400 hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-600">
        <Plus className="size-4" aria-hidden="true" />
        {t('editor.canvas.cards.add')}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="center"
          sideOffset={4}
          className="z-50 min-w-48 rounded-control border border-neutral-200 bg-white p-1 shadow-raised"
        >
          {CARD_TYPES.map((type) => (
            <DropdownMenu.Item
              key={type}
              onSelect={() => add(type)}
              className="cursor-pointer rounded-[4px] px-3 py-2 text-sm text-neutral-800 outline-none data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-800"
            >
              {t(`editor.canvas.cards.types.${TYPE_KEY[type]}`)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** What the viewer leaves out (it never draws a card with nothing to read or see). */
export function isEmptyCard(card: Card): boolean {
  switch (card.type) {
    case 'title':
    case 'text':
      return isRichTextBlank(card.content);
    case 'image':
      return !card.image;
    case 'table':
      return card.rows.length === 0;
    case 'schedule-table':
      return (
        card.rows.every((row) => `${row.place}${row.time}${row.schedule}`.trim() === '') &&
        `${card.mealHeading}${card.mealDescription}`.trim() === ''
      );
    case 'leftImageCard':
    case 'preparation':
      return !card.image && `${card.heading}${card.text}`.trim() === '';
  }
}

const TYPE_KEY = {
  title: 'title',
  text: 'text',
  image: 'image',
  table: 'table',
  'schedule-table': 'scheduleTable',
  leftImageCard: 'leftImageCard',
  preparation: 'preparation',
} as const satisfies Readonly<Record<CardType, string>>;

/** The `.pg-card` frame: border, 16 px corners, white (the title card has none of it); its padding is per type. */
const FRAME = 'm-0 rounded-card border border-neutral-200 bg-white';
/** `.pg-card`'s usual padding, 14 × 16 px. */
const CARD = `${FRAME} px-4 py-3.5`;

/** Edits the card with `id` in the document (one undo step; typing merges by `target`). */
function useCardEdit(id: string) {
  const { store } = useEditor();
  return (recipe: (card: Draft<Card>) => void, target?: string) =>
    store.edit(
      (draft) => {
        const card = draft.home.cards.find((candidate) => candidate._id === id);
        if (card) recipe(card);
      },
      target ? { label: 'typing', target: `card.${id}.${target}` } : {},
    );
}

function CoverCardView({ card, editable }: { card: Card; editable: boolean }) {
  const { t } = useTranslation();
  const { store, uploadImage } = useEditor();
  const active = useEditorState((state) => state.activeId === card._id) && editable;
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const edit = useCardEdit(card._id);
  const typeName = t(`editor.canvas.cards.types.${TYPE_KEY[card.type]}`);
  const hasImage = 'image' in card && card.image !== undefined;
  const takesImage = CARD_IMAGE_TYPES.has(card.type);
  const upload = async (file: File) => {
    setProgress(0);
    try {
      await uploadImage({ kind: 'card', cardId: card._id }, file, setProgress);
    } catch {
      // uploadImage has shown the reason already
    } finally {
      setProgress(null);
    }
  };

  return (
    <div
      className={cx(
        'relative rounded-card',
        active
          ? 'outline-2 outline-offset-2 outline-primary-600'
          : editable && 'hover:outline hover:outline-offset-2 hover:outline-primary-200',
      )}
      data-card-type={card.type}
      data-card-id={card._id}
      {...(editable ? pressToSelect(() => store.select(card._id)) : {})}
      onFocus={editable ? () => store.select(card._id) : undefined}
    >
      {active ? (
        <div
          className="absolute -top-3 right-1 z-10 flex items-center gap-1 rounded-control border border-neutral-200 bg-white p-1 shadow-raised"
          role="toolbar"
          aria-label={t('editor.canvas.cards.toolbar', { type: typeName })}
        >
          <span className="px-1.5 text-xs font-semibold text-neutral-500">{typeName}</span>
          {takesImage ? (
            <>
              <button
                type="button"
                disabled={progress !== null}
                onClick={() => input.current?.click()}
                className="inline-flex h-8 items-center gap-1 rounded-control bg-primary-600 px-2 text-xs font-semibold text-white hover:bg-primary-700 disabled:opacity-60"
              >
                <ImagePlus className="size-3.5" aria-hidden="true" />
                {progress !== null
                  ? t('editor.canvas.uploading', { percent: Math.round(progress * 100) })
                  : t(hasImage ? 'editor.canvas.replaceImage' : 'editor.canvas.uploadImage')}
              </button>
              <input
                ref={input}
                type="file"
                accept="image/jpeg,image/png,image/gif"
                className="hidden"
                aria-label={t(hasImage ? 'editor.canvas.replaceImage' : 'editor.canvas.uploadImage')}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void upload(file);
                }}
              />
            </>
          ) : null}
          {hasImage ? (
            <button
              type="button"
              onClick={() => edit((draft) => void delete (draft as { image?: ImageSet }).image)}
              className="inline-flex h-8 items-center gap-1 rounded-control px-2 text-xs font-semibold text-neutral-700 hover:bg-neutral-100"
            >
              <ImageOff className="size-3.5" aria-hidden="true" />
              {t('editor.canvas.cards.removeImage')}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="inline-flex h-8 items-center gap-1 rounded-control px-2 text-xs font-semibold text-accent-600 hover:bg-accent-50"
          >
            <Trash2 className="size-3.5" aria-hidden="true" />
            {t('editor.canvas.cards.delete')}
          </button>
        </div>
      ) : null}
      <CardBody card={card} editable={editable} active={active} />
      {editable ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('editor.canvas.cards.delete')}
          message={t('editor.canvas.cards.deleteConfirm', { type: typeName })}
          confirmLabel={t('editor.confirm.deleteAction')}
          tone="accent"
          onConfirm={() => {
            if (store.getState().activeId === card._id) store.select(null);
            store.edit((draft) => {
              const index = draft.home.cards.findIndex((candidate) => candidate._id === card._id);
              if (index !== -1) draft.home.cards.splice(index, 1);
            });
          }}
        />
      ) : null}
    </div>
  );
}

function CardBody({ card, editable, active }: { card: Card; editable: boolean; active: boolean }) {
  const { t } = useTranslation();
  const edit = useCardEdit(card._id);
  const rich = (value: RichText, placeholder: string, className: string) => (
    <EditableRichText
      value={value}
      editable={editable}
      active={active}
      target={`card.${card._id}.content`}
      write={(draft, next) => {
        const target = draft.home.cards.find((candidate) => candidate._id === card._id);
        if (target && (target.type === 'title' || target.type === 'text')) target.content = next;
      }}
      placeholder={placeholder}
      label={placeholder}
      className={className}
    />
  );
  const text = (
    value: string,
    field: string,
    placeholder: string,
    className: string,
    write: (draft: Draft<Card>, next: string) => void,
    multiline = false,
  ) => (
    <CardText
      value={value}
      editable={editable}
      placeholder={placeholder}
      className={className}
      multiline={multiline}
      onValue={(next) => edit((draft) => write(draft, next), field)}
    />
  );

  switch (card.type) {
    case 'title':
      // `.pg-card-title-card`: no frame, 8 px above; a heading-one reads as h2 (20 px), heading-two as h3 (17 px)
      return (
        <div className="pt-2 [&_h3]:text-[17px] [&_h3]:leading-[1.3]">
          {rich(card.content, t('editor.canvas.cards.titlePlaceholder'), '')}
        </div>
      );
    case 'text':
      return <div className={CARD}>{rich(card.content, t('editor.canvas.cards.textPlaceholder'), '')}</div>;
    case 'image':
      return (
        <figure className={cx(FRAME, 'overflow-hidden')}>
          {card.image ? <CardImage image={card.image} className="w-full" /> : <NoImage />}
        </figure>
      );
    case 'table':
      return (
        <dl className={CARD}>
          {card.rows.length === 0 ? (
            <p className="text-sm text-neutral-500">{t('editor.canvas.cards.emptyTable')}</p>
          ) : null}
          {card.rows.map((row, index) => (
            <div
              key={row.id}
              className={cx('grid grid-cols-[35%_1fr] gap-2 py-1.5', index > 0 && 'border-t border-neutral-100')}
            >
              <dt className="font-semibold">
                {text(row.title, `${row.id}.title`, t('editor.canvas.cards.rowTitle'), '', (draft, next) => {
                  const target =
                    draft.type === 'table' ? draft.rows.find((candidate) => candidate.id === row.id) : undefined;
                  if (target) target.title = next;
                })}
              </dt>
              <dd className="m-0 text-neutral-600">
                {text(
                  row.description,
                  `${row.id}.description`,
                  t('editor.canvas.cards.rowDescription'),
                  '',
                  (draft, next) => {
                    const target =
                      draft.type === 'table' ? draft.rows.find((candidate) => candidate.id === row.id) : undefined;
                    if (target) target.description = next;
                  },
                  true,
                )}
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'schedule-table': {
      // `.pg-row` in `.pg-card-schedule`: columns 96/96/192, place 15 px semibold, time 14 px green, schedule 15 px
      const cells = [
        ['place', 'text-[15px] font-semibold text-neutral-900'],
        ['time', 'text-sm text-primary-700 tabular-nums'],
        ['schedule', 'text-[15px]'],
      ] as const;
      return (
        <div className={cx(FRAME, 'px-3 py-1.5')}>
          <ol className="m-0 list-none p-0">
            {card.rows.map((row, index) => (
              <li
                key={row.id}
                className={cx(
                  'grid grid-cols-[96fr_96fr_192fr] items-baseline gap-1.5 px-1 py-2 text-sm',
                  index > 0 && 'border-t border-neutral-100',
                )}
              >
                {cells.map(([cell, className]) => (
                  <span key={cell} className="min-w-0">
                    {text(
                      row[cell],
                      `${row.id}.${cell}`,
                      t(`editor.canvas.cards.${cell}`),
                      className,
                      (draft, next) => {
                        const target =
                          draft.type === 'schedule-table'
                            ? draft.rows.find((candidate) => candidate.id === row.id)
                            : undefined;
                        if (target) target[cell] = next;
                      },
                      true,
                    )}
                  </span>
                ))}
              </li>
            ))}
          </ol>
          {/* `.pg-card-meal`: the heading in bold, then the description, on one line that wraps */}
          <p className="m-0 flex items-baseline gap-1 border-t border-neutral-100 px-1 pt-2 pb-1 text-sm text-neutral-600">
            <strong className="shrink-0 font-bold">
              {text(
                card.mealHeading,
                'mealHeading',
                t('editor.canvas.cards.mealHeading'),
                'field-sizing-content font-bold',
                (draft, next) => {
                  if (draft.type === 'schedule-table') draft.mealHeading = next;
                },
              )}
            </strong>
            <span className="min-w-0 flex-1">
              {text(
                card.mealDescription,
                'mealDescription',
                t('editor.canvas.cards.mealDescription'),
                '',
                (draft, next) => {
                  if (draft.type === 'schedule-table') draft.mealDescription = next;
                },
                true,
              )}
            </span>
          </p>
        </div>
      );
    }
    case 'leftImageCard':
    case 'preparation': {
      const heading = text(
        card.heading,
        'heading',
        t('editor.canvas.cards.headingPlaceholder'),
        'text-base font-bold text-neutral-900',
        (draft, next) => {
          if (draft.type === 'leftImageCard' || draft.type === 'preparation') draft.heading = next;
        },
      );
      const body = text(
        card.text,
        'text',
        t('editor.canvas.cards.bodyPlaceholder'),
        'mt-0.5 text-sm text-neutral-600',
        (draft, next) => {
          if (draft.type === 'leftImageCard' || draft.type === 'preparation') draft.text = next;
        },
        true,
      );
      if (card.type === 'leftImageCard') {
        return (
          <div className={cx(FRAME, 'flex items-center gap-3.5 p-3')}>
            {card.image ? (
              <CardImage
                image={card.image}
                sizes="128px"
                className="aspect-[4/3] w-28 shrink-0 rounded-control object-cover"
              />
            ) : editable ? (
              <NoImage className="aspect-[4/3] w-28 shrink-0 rounded-control" />
            ) : null}
            <div className="min-w-0 flex-1">
              {heading}
              {body}
            </div>
          </div>
        );
      }
      return (
        <div className={cx(FRAME, 'overflow-hidden')}>
          {card.image ? <CardImage image={card.image} className="aspect-video w-full object-cover" /> : null}
          <div className="px-4 pt-3 pb-3.5">
            {heading}
            {body}
          </div>
        </div>
      );
    }
  }
}

function CardImage({ image, className, sizes = '435px' }: { image: ImageSet; className: string; sizes?: string }) {
  return (
    <img
      src={image.large}
      srcSet={`${image.small} 320w, ${image.medium} 640w, ${image.large} 1280w`}
      sizes={sizes}
      alt=""
      loading="lazy"
      decoding="async"
      className={cx('block', className)}
    />
  );
}

function NoImage({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cx('flex min-h-24 items-center justify-center bg-neutral-100 text-sm text-neutral-500', className)}>
      {t('editor.canvas.noImage')}
    </div>
  );
}

/**
 * A plain-text part of a card: an input (a textarea for longer texts) styled as the reader's text, its placeholder
 * greyed when empty; in previews the text itself, nothing when empty.
 */
function CardText({
  value,
  editable,
  placeholder,
  className,
  multiline,
  onValue,
}: {
  value: string;
  editable: boolean;
  placeholder: string;
  className: string;
  multiline: boolean;
  onValue(value: string): void;
}): ReactNode {
  if (!editable)
    return value.trim() === '' ? null : (
      <span className={cx('block break-keep whitespace-pre-line', className)}>{value}</span>
    );
  const classes = cx(
    'block w-full min-w-0 resize-none rounded-[4px] border border-transparent bg-transparent p-0 placeholder:font-normal placeholder:text-neutral-400',
    'hover:border-neutral-200 focus-visible:border-primary-600 focus-visible:bg-white focus-visible:outline-none',
    className,
  );
  return multiline ? (
    <textarea
      aria-label={placeholder}
      value={value}
      placeholder={placeholder}
      rows={1}
      onChange={(event) => onValue(event.target.value)}
      className={cx(classes, 'field-sizing-content')}
    />
  ) : (
    <input
      aria-label={placeholder}
      value={value}
      placeholder={placeholder}
      onChange={(event) => onValue(event.target.value)}
      className={classes}
    />
  );
}
