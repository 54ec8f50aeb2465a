import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { Eye, RotateCcw } from 'lucide-react';
import {
  cloneWithFreshIds,
  newContentPage,
  newGuidebookDocument,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_BYTES,
  type GuidebookDocument,
  type ImageSet,
} from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError, isNetworkError, type ApiClient } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { documentOf, getGuidebook, settingsOf } from '../api/get-guidebook.ts';
import { getRevision, restoreRevision } from '../api/guidebook-history.ts';
import { getSampleGuidebook } from '../api/get-samples.ts';
import { uploadGuidebookImage, type UploadTarget } from '../api/upload-image.ts';
import { addPage, pageFromSample } from '../editor-actions.ts';
import {
  EditorProvider,
  useEditor,
  useEditorState,
  type EditorLinks,
  type EditorServices,
  type ImageTarget,
  type UploadProgress,
} from '../editor-context.tsx';
import { createEditorStore, randomIds, type EditorOrigin, type EditorSettings } from '../editor-store.ts';
import { createGuidebookSaver, type SaverNotice } from '../guidebook-saver.ts';
import { useEditorKeyboard } from '../hooks/use-editor-keyboard.ts';
import type { EditorItemRegistry } from '../item-contract.ts';
import { AddMenu } from './add-menu.tsx';
import { AdminStrip } from './admin-strip.tsx';
import { ChooseContentDialog, type ContentChoice } from './choose-content-dialog.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { ContentPageView } from './content-page-view.tsx';
import { CoverView } from './cover-view.tsx';
import { EditorNotices, type SaveProblem } from './editor-notices.tsx';
import { HistorySheet, historyKey } from './history-sheet.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { PhoneFrame } from './phone-frame.tsx';
import { SettingsSheet } from './settings-sheet.tsx';
import { TopMenu } from './top-menu.tsx';

/** What the editor opens: an unsaved new guidebook, the sample (fresh ids, never saved as sample), or a saved one. */
export type EditorSource =
  { kind: 'new' } | { kind: 'sample' } | { kind: 'saved'; guidebookId: string; after?: number | undefined };

type EditorData = {
  origin: EditorOrigin;
  guidebookId: string | null;
  doc: GuidebookDocument;
  revision: number | null;
  settings: EditorSettings | null;
};

async function loadEditorData(api: ApiClient, source: EditorSource, signal: AbortSignal): Promise<EditorData> {
  switch (source.kind) {
    case 'new':
      // No stored stand-in title: the field shows 'Untitled Guidebook' as its placeholder and the first save asks for one.
      return {
        origin: 'new',
        guidebookId: null,
        doc: newGuidebookDocument({ title: '' }),
        revision: null,
        settings: null,
      };
    case 'sample': {
      const {
        _id: _sampleId,
        origin: _origin,
        guidebookId: _guidebookId,
        ...doc
      } = await getSampleGuidebook(api, signal);
      return {
        origin: 'sample',
        guidebookId: null,
        doc: cloneWithFreshIds(doc, randomIds()),
        revision: null,
        settings: null,
      };
    }
    case 'saved': {
      const view = await getGuidebook(api, source.guidebookId, {
        ...(source.after === undefined ? {} : { after: source.after }),
        signal,
      });
      return {
        origin: 'saved',
        guidebookId: view._id,
        doc: documentOf(view),
        revision: view.revision,
        settings: settingsOf(view),
      };
    }
  }
}

type GuidebookEditorProps = {
  source: EditorSource;
  /** the content page shown, or null for the cover */
  contentId: string | null;
  registry: EditorItemRegistry;
  links: EditorLinks;
  /** the path prefix of this editor's routes: moving under it never warns about unsaved work */
  basePath: string;
};

/**
 * The guidebook editor (spec §2 Editor): loads the guidebook, then shows the top menu, the phone frame with the
 * cover or a content page edited in place, the floating add menu, and the settings and history sheets.
 */
export function GuidebookEditor({ source, contentId, registry, links, basePath }: GuidebookEditorProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  // A new or sample guidebook that its first save stored keeps its key at its new address, so the editor is not
  // loaded and drawn again (issue 22); any other address starts afresh (a new 'new' gets a new generation).
  // `arrived` once the address is the stored guidebook's: until then the old address still renders (in between).
  const [carried, setCarried] = useState<{ key: string; guidebookId: string; arrived: boolean } | null>(null);
  const [generation, setGeneration] = useState(0);
  const atCarried = carried !== null && source.kind === 'saved' && source.guidebookId === carried.guidebookId;
  const stillCarried = carried !== null && (atCarried || (!carried.arrived && source.kind !== 'saved'));
  if (carried !== null && !stillCarried) {
    setCarried(null);
    setGeneration((value) => value + 1);
  } else if (carried !== null && atCarried && !carried.arrived) setCarried({ ...carried, arrived: true });
  const key = stillCarried
    ? carried.key
    : source.kind === 'saved'
      ? source.guidebookId
      : `${source.kind}:${generation}`;
  const onStored = useCallback((guidebookId: string) => setCarried({ key, guidebookId, arrived: false }), [key]);
  const query = useQuery({
    queryKey: ['guidebooks', 'editor', key],
    queryFn: ({ signal }) => loadEditorData(api, source, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // The loaded editor is drawn in the background (a transition: in slices, the page answering in between) rather
  // than in the one task its data arrives in, which on a phone held the page for most of a second (issue 20). The
  // data goes with its key, so an editor is never drawn with another guidebook's.
  const arrived = useMemo(() => ({ key, data: query.data }), [key, query.data]);
  const deferred = useDeferredValue(arrived);
  const ready = deferred.key === key ? deferred.data : undefined;

  if (query.isPending || (query.isSuccess && ready === undefined)) {
    return (
      <div className="flex min-h-96 items-center justify-center text-primary-600">
        <Spinner size="lg" label={t('editor.loading')} />
      </div>
    );
  }
  if (query.isError) {
    const error = query.error;
    // spec §6: someone else's guidebook opens in the preview instead
    if (source.kind === 'saved' && isApiError(error) && error.status === 403)
      return <Navigate to={links.preview(source.guidebookId)} replace />;
    if (isNetworkError(error)) return null; // the app sends the reader to "server not available"
    const missing = isApiError(error) && error.status === 404;
    return (
      <EmptyState
        titleAs="h1"
        title={t(missing ? 'editor.notFound' : 'editor.loadFailed')}
        action={
          <div className="flex gap-2">
            {missing ? null : <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            <Link
              to={links.list}
              className="inline-flex h-11 items-center rounded-control border border-neutral-300 px-5 font-semibold text-neutral-800 hover:bg-neutral-50"
            >
              {t('editor.backToList')}
            </Link>
          </div>
        }
      />
    );
  }
  if (ready === undefined) return null;
  return (
    <LoadedEditor
      key={key}
      data={ready}
      contentId={contentId}
      registry={registry}
      links={links}
      basePath={basePath}
      onStored={onStored}
    />
  );
}

type LoadedEditorProps = { data: EditorData; onStored(guidebookId: string): void } & Omit<
  GuidebookEditorProps,
  'source'
>;

function LoadedEditor({ data, contentId, registry, links, basePath, onStored }: LoadedEditorProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const [saveProblem, setSaveProblem] = useState<SaveProblem | null>(null);

  const [store] = useState(() =>
    createEditorStore({
      doc: data.doc,
      origin: data.origin,
      guidebookId: data.guidebookId,
      revision: data.revision,
      settings: data.settings,
    }),
  );
  const notify = useCallback(
    (notice: SaverNotice) => {
      switch (notice.kind) {
        case 'updated':
          setSaveProblem(null);
          toast.success(t('editor.toast.updated'), { duration: 2000 });
          return;
        case 'title-invalid':
          toast.error(notice.message === 'Title cannot be empty' ? t('editor.toast.titleEmpty') : notice.message, {
            duration: 2000,
          });
          document.getElementById('guidebook-title')?.focus();
          return;
        case 'rebased':
          toast.info(t('editor.toast.rebased'), { duration: 6000 });
          return;
        case 'failed':
          // the banner keeps saying it until a save succeeds (see EditorNotices)
          setSaveProblem({ offline: isNetworkError(notice.error), message: errorMessage(notice.error) });
          return;
      }
    },
    [errorMessage, t],
  );
  const onInserted = useCallback(
    (guidebookId: string, position: number) => {
      // the saved guidebook moves to its own address, on its cover (the server gave every part a fresh id), in the
      // same editor: the stored document replaces ours in place, nothing is drawn anew
      onStored(guidebookId);
      void navigate(links.cover(guidebookId), { replace: true, state: { after: position } });
      void reloadRef.current(position).catch(() => undefined);
    },
    [navigate, links, onStored],
  );
  // The saver lives as long as the store; it reaches the latest callbacks through refs.
  const notifyRef = useRef(notify);
  notifyRef.current = notify;
  const insertedRef = useRef(onInserted);
  insertedRef.current = onInserted;
  const [saver] = useState(() =>
    createGuidebookSaver({
      store,
      api,
      notify: (notice) => notifyRef.current(notice),
      onInserted: (id, position) => insertedRef.current(id, position),
    }),
  );
  useEffect(() => {
    saver.start();
    return () => saver.dispose();
  }, [saver]);

  const reload = useCallback(
    async (after?: number) => {
      const guidebookId = store.getState().guidebookId;
      if (!guidebookId) return;
      const view = await getGuidebook(api, guidebookId, after === undefined ? {} : { after });
      store.reset({ doc: documentOf(view), revision: view.revision, settings: settingsOf(view) });
    },
    [api, store],
  );
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  const uploadImage = useCallback(
    async (target: ImageTarget, file: File, onProgress?: UploadProgress): Promise<ImageSet> => {
      const refuse = (message: string): never => {
        setAlert(message);
        throw new Error(message);
      };
      const { guidebookId } = store.getState();
      if (guidebookId === null) {
        store.select(null);
        // the alert hands the focus back to what had it when it opened: not the part just deselected (the new
        // item took the focus when it was added), or that focus would select it again
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
        refuse(t('editor.alert.uploadNeedsSave'));
      }
      if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) refuse(t('editor.alert.imageType'));
      if (file.size > UPLOAD_MAX_BYTES) {
        const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
        refuse(t('editor.alert.fileTooBig', { size: mb(file.size), max: Number(mb(UPLOAD_MAX_BYTES)) }));
      }
      // the server puts the image into the item it knows: our pending edits (a new item) go first
      if (!(await saver.flush())) refuse(t('editor.alert.uploadFailed'));
      let uploadTarget: UploadTarget;
      if (target.kind === 'item') {
        const page = store.getState().doc.contents.find((content) => content._id === target.contentId);
        const section = page?.sections.find((candidate) => candidate.items.some((item) => item._id === target.itemId));
        if (!section) return refuse(t('editor.alert.uploadFailed'));
        uploadTarget = { kind: 'item', contentId: target.contentId, sectionId: section._id, itemId: target.itemId };
      } else uploadTarget = target;
      try {
        const answer = await uploadGuidebookImage(api, guidebookId ?? '', uploadTarget, file, onProgress);
        store.serverChanged({ from: answer.revision - 1, to: answer.revision, patches: answer.patches });
        return answer.image;
      } catch (error) {
        // a file that only claims to be an image (the server reads its bytes) is not worth trying again
        if (isApiError(error) && error.status === 415) return refuse(t('editor.alert.notAnImage'));
        if (isApiError(error) && error.status === 413) {
          const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
          return refuse(t('editor.alert.fileTooBig', { size: mb(file.size), max: Number(mb(UPLOAD_MAX_BYTES)) }));
        }
        const text = isApiError(error) ? `${error.message} ${error.detail ?? ''}` : '';
        return refuse(
          /access denied/i.test(text) ? t('editor.alert.uploadAccessDenied') : t('editor.alert.uploadFailed'),
        );
      }
    },
    [api, saver, store, t],
  );

  const services: EditorServices = useMemo(
    () => ({ store, saver, api, registry, links, showAlert: setAlert, uploadImage, reload }),
    [store, saver, api, registry, links, uploadImage, reload],
  );

  const restore = useCallback(
    async (revision: number) => {
      const guidebookId = store.getState().guidebookId;
      if (!guidebookId) return;
      try {
        await saver.flush();
        const answer = await restoreRevision(api, guidebookId, revision);
        // the guidebook already is that version: the server stored nothing, so nothing was restored
        if (!answer.changed) {
          toast.info(t('editor.toast.restoreUnchanged', { revision }));
          return;
        }
        await reload(answer.position);
        await queryClient.invalidateQueries({ queryKey: historyKey(guidebookId) });
        toast.success(t('editor.toast.restored', { revision }));
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    [api, errorMessage, queryClient, reload, saver, store, t],
  );

  return (
    <EditorProvider services={services}>
      <DndProvider backend={HTML5Backend}>
        <EditorScreen contentId={contentId} basePath={basePath} onRestore={restore} saveProblem={saveProblem} />
      </DndProvider>
      <Dialog
        open={alert !== null}
        onOpenChange={(open) => !open && setAlert(null)}
        title={t('editor.alert.title')}
        footer={<Button onClick={() => setAlert(null)}>{t('editor.alert.ok')}</Button>}
      >
        <p role="alert" className="text-base text-neutral-800">
          {alert}
        </p>
      </Dialog>
    </EditorProvider>
  );
}

function EditorScreen({
  contentId,
  basePath,
  onRestore,
  saveProblem,
}: {
  contentId: string | null;
  basePath: string;
  onRestore(revision: number): Promise<void>;
  saveProblem: SaveProblem | null;
}) {
  const { t } = useTranslation();
  const { store } = useEditor();
  const root = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  // Not the document: typing changes it on every key, and the screen's menus and sheets do not depend on it. The
  // canvas reads the part it draws itself (EditorCanvas), so a keystroke re-renders the item typed in, not this.
  const contentType = useEditorState((state) =>
    contentId === null ? null : (state.doc.contents.find((content) => content._id === contentId)?.contentType ?? null),
  );
  const [sheet, setSheet] = useState<'settings' | 'history' | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [previewRevision, setPreviewRevision] = useState<number | null>(null);
  const onUndoFailed = useCallback(() => toast.info(t('editor.toast.undoUnavailable')), [t]);
  useEditorKeyboard(store, root, onUndoFailed);

  const choose = (choice: ContentChoice) => {
    const newPage =
      choice.kind === 'sample'
        ? pageFromSample(choice.sample, store)
        : newContentPage(choice.type, store.ids, { now: new Date().toISOString() });
    addPage(store, newPage);
    setChoosing(false);
  };

  return (
    // On a phone the editor takes the whole width of the screen (the main column's 16 px sides go): the canvas is
    // the screen, as readers will see it there.
    <div ref={root} className="-mx-4 -mt-8 sm:mx-0 sm:-mt-12" data-editor>
      <AdminStrip />
      <TopMenu
        contentType={contentType}
        onOpenSettings={() => setSheet('settings')}
        onOpenHistory={() => setSheet('history')}
      />
      <EditorNotices problem={saveProblem} />
      {/* Under 768 px the add menu does not fit beside the phone: it becomes a bar under it, sticking to the bottom of the window. */}
      <div className="flex flex-col gap-4 pt-4 sm:px-4 sm:pt-8 md:flex-row md:flex-wrap md:justify-center md:gap-8 md:pb-8">
        {/* a column as wide as the add menu keeps the phone centred */}
        <div className="hidden w-48 shrink-0 xl:block" aria-hidden="true" />
        <div className="flex min-w-0 flex-col items-center gap-3">
          {previewRevision !== null ? (
            <RevisionPreview
              revision={previewRevision}
              contentId={contentId}
              onClose={() => setPreviewRevision(null)}
              onRestore={onRestore}
            />
          ) : (
            <PhoneFrame ref={frame} label={t('editor.canvas.phone')}>
              {contentId === null ? (
                <CoverCanvas onAddPage={() => setChoosing(true)} />
              ) : (
                <ContentCanvas contentId={contentId} />
              )}
            </PhoneFrame>
          )}
        </div>
        <div className="sticky bottom-0 z-30 md:relative md:bottom-auto md:z-auto md:w-48 md:shrink-0">
          {contentId !== null && contentType !== null && previewRevision === null ? (
            <AddMenu contentId={contentId} contentType={contentType} frame={frame} />
          ) : null}
        </div>
      </div>
      <ChooseContentDialog open={choosing} onOpenChange={setChoosing} onChoose={choose} />
      <SettingsSheet open={sheet === 'settings'} onOpenChange={(open) => setSheet(open ? 'settings' : null)} />
      <HistorySheet
        open={sheet === 'history'}
        onOpenChange={(open) => setSheet(open ? 'history' : null)}
        previewing={previewRevision}
        onPreview={setPreviewRevision}
        onRestore={async (revision) => {
          await onRestore(revision);
          setPreviewRevision(null);
        }}
      />
      <ConflictDialog />
      <LeaveGuard basePath={basePath} />
    </div>
  );
}

/** The cover in the phone: it follows the whole document (its menu lists every page). */
function CoverCanvas({ onAddPage }: { onAddPage(): void }) {
  const doc = useEditorState((state) => state.doc);
  return <CoverView doc={doc} editable onAddPage={onAddPage} />;
}

/** A content page in the phone: it follows that page (and the guidebook's title in its bar), nothing else. */
function ContentCanvas({ contentId }: { contentId: string }) {
  const { t } = useTranslation();
  const page = useEditorState((state) => state.doc.contents.find((content) => content._id === contentId));
  const title = useEditorState((state) => state.doc.title);
  if (!page) return <p className="p-8 text-center text-sm text-neutral-600">{t('editor.canvas.pageNotFound')}</p>;
  return <ContentPageView page={page} guidebookTitle={title} editable />;
}

/** A past version in the phone, read-only, with its restore button (the history sheet's preview). */
function RevisionPreview({
  revision,
  contentId,
  onClose,
  onRestore,
}: {
  revision: number;
  contentId: string | null;
  onClose(): void;
  onRestore(revision: number): Promise<void>;
}) {
  const { t } = useTranslation();
  const { api } = useEditor();
  const guidebookId = useEditorState((state) => state.guidebookId);
  const [restoring, setRestoring] = useState(false);
  const version = useQuery({
    queryKey: ['guidebooks', 'revision', guidebookId, revision],
    queryFn: ({ signal }) => getRevision(api, guidebookId ?? '', revision, signal),
    enabled: guidebookId !== null,
    staleTime: Infinity,
  });
  const page =
    contentId && version.data ? version.data.document.contents.find((content) => content._id === contentId) : undefined;
  return (
    <>
      <Banner
        tone="info"
        className="w-[437px] max-w-full"
        action={
          <div className="flex gap-1">
            <Button
              size="sm"
              loading={restoring}
              icon={<RotateCcw className="size-4" aria-hidden="true" />}
              onClick={async () => {
                setRestoring(true);
                try {
                  await onRestore(revision);
                } finally {
                  setRestoring(false);
                }
              }}
            >
              {t('editor.history.restore')}
            </Button>
            <Button size="sm" variant="secondary" onClick={onClose}>
              {t('editor.history.back')}
            </Button>
          </div>
        }
      >
        <p className="flex items-center gap-1.5 font-semibold">
          <Eye className="size-4" aria-hidden="true" />
          {t('editor.history.readOnly')}
        </p>
        {version.data ? (
          <p>{t('editor.history.previewing', { revision, time: formatDateTime(version.data.time) })}</p>
        ) : null}
      </Banner>
      <PhoneFrame
        label={`${t('editor.history.readOnly')}: ${t('editor.history.version', { revision })}`}
        className="ring-4 ring-info-200"
      >
        {version.isPending ? (
          <div className="flex flex-1 items-center justify-center text-primary-600">
            <Spinner label={t('app.loading')} />
          </div>
        ) : version.isError || !version.data ? (
          <p role="alert" className="p-8 text-center text-sm text-alert-700">
            {t('editor.history.loadFailed')}
          </p>
        ) : page ? (
          <ContentPageView page={page} guidebookTitle={version.data.document.title} editable={false} />
        ) : (
          <CoverView doc={version.data.document} editable={false} />
        )}
      </PhoneFrame>
    </>
  );
}
