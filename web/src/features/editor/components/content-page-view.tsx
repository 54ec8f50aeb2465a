import { memo, useCallback } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import type { ContentPage, GuidebookDocument, SectionItem } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import { setPageText } from '../editor-actions.ts';
import { useEditor, useEditorState } from '../editor-context.tsx';
import type { EditRecipe } from '../item-contract.ts';
import { useSectionDrop } from './drag-and-drop.tsx';
import { SectionItemFrame } from './section-item-frame.tsx';

/**
 * A content page as readers see it (the viewer's layout: a bar back to the cover, the page title and subtitle,
 * then its sections or, for an itinerary, its days), edited in place.
 */
export function ContentPageView({
  page,
  guidebookTitle,
  editable,
}: {
  page: ContentPage;
  guidebookTitle: string;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const activeId = useEditorState((state) => state.activeId);
  const itemCount = page.sections.reduce((sum, section) => sum + section.items.length, 0);

  // Typing in an item gives the page a new object on every key: what does not change with it (the bar, the
  // page's title, the other sections, the other items) is memoised, so only the item typed in is drawn again.
  return (
    <div className="flex flex-1 flex-col">
      <PageHead
        pageId={page._id}
        contentType={page.contentType}
        title={page.title}
        subtitle={page.subtitle}
        guidebookTitle={guidebookTitle}
        editable={editable}
      />
      <article className="px-4 pb-6">
        {page.contentType === 'itinerary' ? (
          <ItineraryBody page={page} editable={editable} activeId={activeId} />
        ) : (
          <>
            {page.sections.map((section, sectionIndex) => (
              <SectionView
                key={section._id}
                contentId={page._id}
                sectionIndex={sectionIndex}
                items={section.items}
                editable={editable}
                activeId={activeId}
                first={sectionIndex === 0}
              />
            ))}
            {itemCount === 0 ? (
              <p className="rounded-card bg-neutral-50 px-4 py-6 text-center text-sm text-neutral-600">
                {t('editor.canvas.emptyPage')}
              </p>
            ) : null}
          </>
        )}
      </article>
      <footer className="mt-auto border-t border-neutral-100 bg-neutral-50 px-6 pt-6 pb-8 text-center text-xs text-neutral-500">
        {t('editor.canvas.poweredBy')} <strong className="font-semibold text-neutral-700">{t('app.name')}</strong>
      </footer>
    </div>
  );
}

/** The bar back to the cover, and the page's title and subtitle typed in place. */
const PageHead = memo(function PageHead({
  pageId,
  contentType,
  title,
  subtitle,
  guidebookTitle,
  editable,
}: {
  pageId: string;
  contentType: ContentPage['contentType'];
  title: string;
  subtitle: string;
  guidebookTitle: string;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { links } = useEditor();
  const guidebookId = useEditorState((state) => state.guidebookId);
  const page = { _id: pageId, contentType, title, subtitle };
  return (
    <>
      <div className="sticky top-0 z-10 flex h-12 items-center gap-2 border-b border-neutral-100 bg-white/95 px-2">
        {editable ? (
          <Link
            to={links.cover(guidebookId)}
            className="inline-flex h-9 items-center gap-1 rounded-control px-2 text-sm font-semibold text-neutral-700 hover:bg-neutral-100"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('editor.canvas.backToCover')}
          </Link>
        ) : (
          <span className="inline-flex h-9 items-center gap-1 px-2 text-sm font-semibold text-neutral-700">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('editor.canvas.backToCover')}
          </span>
        )}
        <span className="min-w-0 flex-1 truncate text-sm text-neutral-500">{guidebookTitle}</span>
      </div>
      {/* in the article's padding, as the viewer's `.pg-article`: the head, then the page's sections or days */}
      <header className="px-4 pt-6 pb-3">
        {/* the viewer's `.pg-content-head h1` (24 px bold, line-height 1.3) and `.pg-content-subtitle` (15 px, grey) */}
        <PageTextField
          page={page}
          field="title"
          editable={editable}
          className="text-2xl leading-[1.3] font-bold text-neutral-900"
        />
        <PageTextField page={page} field="subtitle" editable={editable} className="mt-1 text-[15px] text-neutral-500" />
      </header>
    </>
  );
});

const SectionView = memo(function SectionView({
  contentId,
  sectionIndex,
  items,
  editable,
  activeId,
  first,
}: {
  contentId: string;
  sectionIndex: number;
  items: ContentPage['sections'][number]['items'];
  editable: boolean;
  activeId: string | null;
  first: boolean;
}) {
  const { ref, isOver } = useSectionDrop(contentId, sectionIndex, items.length);
  const lastSection =
    useEditorState((state) => state.doc.contents.find((page) => page._id === contentId)?.sections.length ?? 1) - 1;
  return (
    <section
      ref={ref}
      className={cx(
        'flex flex-col gap-3 py-3',
        !first && 'border-t border-neutral-100',
        isOver && 'rounded-control bg-primary-50',
      )}
    >
      {editable ? (
        <LiveSectionItems
          contentId={contentId}
          sectionIndex={sectionIndex}
          items={items}
          lastSection={lastSection}
          activeId={activeId}
        />
      ) : (
        items.map((item, itemIndex) => (
          <SectionItemFrame
            key={item._id}
            contentId={contentId}
            item={item}
            sectionIndex={sectionIndex}
            itemIndex={itemIndex}
            isFirst={sectionIndex === 0 && itemIndex === 0}
            isLast={sectionIndex === lastSection && itemIndex === items.length - 1}
            editable={false}
            active={false}
          />
        ))
      )}
    </section>
  );
});

type LiveSectionItemsProps = {
  contentId: string;
  sectionIndex: number;
  /** only the ids: each item reads its own value from the store */
  items: readonly Pick<SectionItem, '_id'>[];
  lastSection: number;
  activeId: string | null;
};

/**
 * The items of a section being edited. A keystroke gives the section a new items array, and React going over all
 * of its items (200 memoised frames compared and cloned, about 1 ms a key) grew with the page: this list is drawn
 * again only when the ids, their places or the selection change, and each item follows its own value in the store
 * (`LiveSectionItem`), so a keystroke draws the item typed in and nothing else.
 */
const LiveSectionItems = memo(
  function LiveSectionItems({ contentId, sectionIndex, items, lastSection, activeId }: LiveSectionItemsProps) {
    return items.map(({ _id: itemId }, itemIndex) => (
      <LiveSectionItem
        key={itemId}
        contentId={contentId}
        itemId={itemId}
        sectionIndex={sectionIndex}
        itemIndex={itemIndex}
        isFirst={sectionIndex === 0 && itemIndex === 0}
        isLast={sectionIndex === lastSection && itemIndex === items.length - 1}
        active={activeId === itemId}
      />
    ));
  },
  (before, after) =>
    before.contentId === after.contentId &&
    before.sectionIndex === after.sectionIndex &&
    before.lastSection === after.lastSection &&
    before.activeId === after.activeId &&
    sameIds(before.items, after.items),
);

const sameIds = (a: LiveSectionItemsProps['items'], b: LiveSectionItemsProps['items']) =>
  a.length === b.length && a.every((item, index) => item._id === b[index]!._id);

/** One item being edited, drawn from its own value in the store: it renders only when that item changes. */
const LiveSectionItem = memo(function LiveSectionItem({
  contentId,
  itemId,
  ...place
}: {
  contentId: string;
  itemId: string;
  sectionIndex: number;
  itemIndex: number;
  isFirst: boolean;
  isLast: boolean;
  active: boolean;
}) {
  const item = useEditorState((state) => sectionItemById(state.doc, contentId, itemId));
  // gone from the store: its section is drawn again without it in the same render
  if (!item) return null;
  return <SectionItemFrame contentId={contentId} item={item} editable {...place} />;
});

/**
 * Each page's items by id, made once per page object (a page is never changed in place, an edit makes a new one):
 * every item of a 200-item page looks itself up after each keystroke, and a scan each would be 40,000 comparisons.
 */
const itemsByPage = new WeakMap<ContentPage, Map<string, SectionItem>>();

function sectionItemById(doc: GuidebookDocument, contentId: string, itemId: string): SectionItem | undefined {
  const page = doc.contents.find((content) => content._id === contentId);
  if (!page) return undefined;
  let items = itemsByPage.get(page);
  if (!items) {
    items = new Map(page.sections.flatMap((section) => section.items.map((item) => [item._id, item] as const)));
    itemsByPage.set(page, items);
  }
  return items.get(itemId);
}

function ItineraryBody({
  page,
  editable,
  activeId,
}: {
  page: ContentPage;
  editable: boolean;
  activeId: string | null;
}) {
  const { t } = useTranslation();
  const { store, registry } = useEditor();
  const contentId = page._id;
  const onEdit = useCallback(
    (recipe: EditRecipe<ContentPage>, label?: string) => void store.editContentPage(contentId, recipe, label),
    [store, contentId],
  );
  const onActivate = useCallback(() => store.select(contentId), [store, contentId]);
  const onActivateId = useCallback((id: string) => store.select(id), [store]);
  const Itinerary = registry.ItineraryPage;
  const active = editable && activeId !== null && (activeId === contentId || containsId(page, activeId));
  if (Itinerary) {
    return (
      <Itinerary
        item={page}
        editable={editable}
        active={active}
        onActivate={onActivate}
        onEdit={onEdit}
        ids={store.ids}
        activeId={editable ? activeId : null}
        onActivateId={onActivateId}
      />
    );
  }
  if (page.days.length === 0)
    return (
      <p className="rounded-card bg-neutral-50 px-4 py-6 text-center text-sm text-neutral-600">
        {t('editor.canvas.emptyItinerary')}
      </p>
    );
  return (
    <ol className="flex flex-col gap-3">
      {page.days.map((day) => (
        <li
          key={day._id}
          className="rounded-control border border-dashed border-neutral-300 bg-neutral-50 px-4 py-3 text-sm text-neutral-600"
        >
          {t('editor.canvas.item.placeholder', { type: t('editor.canvas.itemTypes.day') })}
        </li>
      ))}
    </ol>
  );
}

function containsId(page: ContentPage, id: string): boolean {
  return page.days.some(
    (day) =>
      day._id === id ||
      day.meals.some((meal) => meal._id === id) ||
      day.activities.some((activity) => activity._id === id || activity.subActivities.some((sub) => sub._id === id)),
  );
}

/**
 * The page title or subtitle, typed in place. An empty one shows its placeholder greyed, in the author's language:
 * the page type's name for the title, 'Subtitle' for the subtitle (never stored; readers see nothing there).
 */
function PageTextField({
  page,
  field,
  editable,
  className,
}: {
  page: Pick<ContentPage, '_id' | 'contentType' | 'title' | 'subtitle'>;
  field: 'title' | 'subtitle';
  editable: boolean;
  className: string;
}) {
  const { t } = useTranslation();
  const { store } = useEditor();
  const value = page[field];
  if (!editable) return value.trim() === '' ? null : <p className={className}>{value}</p>;
  const label = t(field === 'title' ? 'editor.canvas.pageTitle' : 'editor.canvas.pageSubtitle');
  const placeholder =
    field === 'title' ? t(`editor.contentTypes.${page.contentType}`) : t('editor.canvas.subtitlePlaceholder');
  return (
    <PlainField
      key={`${page._id}-${field}`}
      value={value}
      label={label}
      placeholder={placeholder}
      className={className}
      onCommit={(next) => setPageText(store, page._id, field, next)}
      as={field === 'title' ? 'h1' : 'p'}
    />
  );
}

/** A one-line text typed in place: it keeps its own value while focused and writes it on blur or Enter. */
function PlainField({
  value,
  label,
  placeholder,
  className,
  onCommit,
  as,
}: {
  value: string;
  label: string;
  placeholder: string;
  className: string;
  onCommit(value: string): void;
  as: 'h1' | 'p';
}) {
  const Tag = as;
  return (
    <Tag className="m-0">
      <input
        defaultValue={value}
        key={value}
        aria-label={label}
        placeholder={placeholder}
        maxLength={500}
        onBlur={(event) => {
          if (event.target.value !== value) onCommit(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
        className={cx(
          'w-full rounded-[6px] border border-transparent bg-transparent px-1 -mx-1 placeholder:text-neutral-400 hover:border-neutral-200 focus-visible:border-primary-600 focus-visible:outline-none',
          className,
        )}
      />
    </Tag>
  );
}
