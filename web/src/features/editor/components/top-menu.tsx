import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, CircleAlert, Copy, Eye, History, Link as LinkIcon, Redo2, Settings, Trash2, Undo2 } from 'lucide-react';
import { contentTypeNumber, planAllowingMoreThan, PLAN_CATALOGUE, PREVIEW_WINDOW, type ContentType, type SellablePlan } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { cx } from '../../../lib/class-names.ts';
import { useSession } from '../../../lib/session-context.tsx';
import { useRefreshSession } from '../../../lib/session-refresh.ts';
import { copyGuidebook, deleteGuidebook, setPublicGallery, setPublished, setSampleFlags } from '../api/guidebook-settings.ts';
import { copyText } from '../copy-text.ts';
import { useEditor, useEditorState } from '../editor-context.tsx';
import { useServerHistory } from '../hooks/use-server-history.ts';
import { PublishedDialog } from './published-dialog.tsx';

/** The top menu's confirm panel (spec §4). */
type Panel =
  | { kind: 'none' }
  | { kind: 'COPY' }
  | { kind: 'DELETE' }
  | { kind: 'CLIPBOARD'; url: string; failed: boolean }
  | { kind: 'CLIPBOARD_COPIED'; url: string }
  | { kind: 'SUBSCRIPTION_NEEDED' }
  /** the gallery asked for a guidebook behind a password: its card would show the lock, visitors would need it */
  | { kind: 'GALLERY_PASSWORD' }
  /** a publish refused on the plan's limit: the plan that allows more, when one can be bought */
  | { kind: 'PUBLISH_LIMIT'; message: string; plan: SellablePlan | null }
  | { kind: 'ERROR'; message: string };

const COPIED_MS = 3000;

/**
 * The sticky top menu (spec §2): editable title, Get URL, Copy, Delete, Preview, Settings, history, undo/redo,
 * Save (reads 'Saving' while changes wait), Publish/Unpublish, the public-gallery toggle when published, the
 * content-type label on content pages and, for an administrator who owns the guidebook, the sample toggles.
 */
export function TopMenu({ contentType, onOpenSettings, onOpenHistory }: { contentType: ContentType | null; onOpenSettings(): void; onOpenHistory(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const errorMessage = useErrorMessage();
  const { store, saver, api, links } = useEditor();
  const title = useEditorState((state) => state.doc.title);
  const guidebookId = useEditorState((state) => state.guidebookId);
  const settings = useEditorState((state) => state.settings);
  // The editor's own steps live in memory; after a reload the saved changes are still undoable on the server, as the
  // history sheet does it: the toolbar falls back to that once its own steps run out.
  const localUndo = useEditorState((state) => state.undoStack.length > 0);
  const localRedo = useEditorState((state) => state.redoStack.length > 0);
  const savedChanges = useEditorState((state) => state.guidebookId !== null && (state.revision ?? 0) > 0);
  const serverRedo = useEditorState((state) => state.serverRedos > 0);
  const serverHistory = useServerHistory();
  const canUndo = localUndo || savedChanges;
  const canRedo = localRedo || serverRedo;
  const pending = useEditorState((state) => state.guidebookId !== null && (state.unsaved.length > 0 || state.saveStatus === 'saving'));
  const dirty = useEditorState((state) => state.dirty);
  const failed = useEditorState((state) => state.saveStatus === 'error');
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [busy, setBusy] = useState<string | null>(null);
  // unpublishing breaks every link and QR code already handed out: it is asked first
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const [sharing, setSharing] = useState(false);
  const refreshSession = useRefreshSession();
  const urlField = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const saved = guidebookId !== null;

  // CLIPBOARD_COPIED returns to none after 3 s
  useEffect(() => {
    if (panel.kind !== 'CLIPBOARD_COPIED') return;
    const timer = setTimeout(() => setPanel({ kind: 'none' }), COPIED_MS);
    return () => clearTimeout(timer);
  }, [panel.kind]);
  // a panel that opens takes the focus, so keyboard and screen-reader users land on its choices; when it closes the
  // focus goes back to the button that opened it, unless the person has already put it somewhere else
  const returnFocus = useReturnFocus();
  const panelOpen = panel.kind !== 'none';
  useEffect(() => {
    if (panelOpen) returnFocus.remember();
    else if (document.activeElement === null || document.activeElement === document.body) returnFocus.restore();
  }, [panelOpen, returnFocus]);
  useEffect(() => {
    if (panel.kind !== 'none') panelRef.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [panel.kind]);

  const run = async (name: string, work: () => Promise<void>) => {
    setBusy(name);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  // A settings command moves the stream's revision without changing the document; when it was the only change
  // since our revision, the next save can go against the new one (otherwise its 412 catches up).
  const settled = (revision: number | undefined) => {
    if (revision !== undefined) store.serverChanged({ from: revision - 1, to: revision, patches: [] });
  };

  const publicUrl = settings ? new URL(links.publicGuidebook(settings.uuid), window.location.origin).toString() : '';

  const copyAddress = async () => {
    if (panel.kind !== 'CLIPBOARD') return;
    if (await copyText(panel.url, urlField.current)) {
      setPanel({ kind: 'CLIPBOARD_COPIED', url: panel.url });
      toast.success(t('editor.toast.addressCopied'), { duration: 2000 });
    } else setPanel({ ...panel, failed: true });
  };

  const changePublished = (published: boolean) =>
    run('publish', async () => {
      if (!guidebookId || !settings) return;
      try {
        if (published) await saver.flush();
        const answer = await setPublished(api, guidebookId, published);
        store.setSettings({ published: answer.published, isPublicGallery: answer.isPublicGallery });
        settled(answer.revision);
        toast.success(t(answer.published ? 'editor.toast.published' : 'editor.toast.unpublished'));
        // the reason to publish is to share: the reader link and its QR code come up at once
        if (answer.published) setSharing(true);
      } catch (error) {
        if (isApiError(error) && error.code === 'subscription_required') {
          // the plan this browser remembers may be out of date: read it again, so the label follows the server
          refreshSession();
          setPanel({ kind: 'SUBSCRIPTION_NEEDED' });
        } else if (isApiError(error) && error.code === 'publish_limit_reached') {
          refreshSession();
          setPanel({ kind: 'PUBLISH_LIMIT', message: errorMessage(error), plan: planAllowingMoreThan(session?.subscriptionType ?? 'free') });
        } else setPanel({ kind: 'ERROR', message: errorMessage(error) });
      }
    });

  const toggleGallery = (confirmed = false) => {
    // a gallery card of a password-protected guidebook shows the lock screen: said before it is added (issue 22)
    if (!confirmed && settings && !settings.isPublicGallery && settings.hasPassword) {
      setPanel({ kind: 'GALLERY_PASSWORD' });
      return;
    }
    setPanel({ kind: 'none' });
    return run('gallery', async () => {
      if (!guidebookId || !settings) return;
      try {
        const answer = await setPublicGallery(api, guidebookId, !settings.isPublicGallery);
        store.setSettings({ isPublicGallery: answer.isPublicGallery, published: answer.published });
        settled(answer.revision);
        toast.success(t(answer.isPublicGallery ? 'editor.toast.galleryAdded' : 'editor.toast.galleryRemoved'));
      } catch {
        toast.error(t('editor.toast.galleryFailed'), { duration: 3000 });
      }
    });
  };

  const toggleSample = (flag: 'isSampleGuidebook' | 'isSampleContent') =>
    run(flag, async () => {
      if (!guidebookId || !settings) return;
      try {
        const next = { isSampleGuidebook: settings.isSampleGuidebook, isSampleContent: settings.isSampleContent, [flag]: !settings[flag] };
        const answer = await setSampleFlags(api, guidebookId, next);
        store.setSettings({ isSampleGuidebook: answer.isSampleGuidebook, isSampleContent: answer.isSampleContent });
        settled(answer.revision);
        toast.success(t('editor.toast.sampleSaved'));
      } catch (error) {
        toast.error(errorMessage(error));
      }
    });

  const confirmCopy = () =>
    run('copy', async () => {
      if (!guidebookId) return;
      try {
        await saver.flush();
        const answer = await copyGuidebook(api, guidebookId);
        setPanel({ kind: 'none' });
        toast.success(t('editor.toast.copied'));
        void navigate(links.cover(answer._id), { state: { after: answer.position } });
      } catch (error) {
        setPanel({ kind: 'ERROR', message: errorMessage(error) });
      }
    });

  const confirmDelete = () =>
    run('delete', async () => {
      if (!guidebookId) return;
      try {
        saver.dispose();
        const answer = await deleteGuidebook(api, guidebookId);
        store.reset({ doc: store.getState().doc, revision: answer.revision ?? 0 });
        setPanel({ kind: 'none' });
        toast.success(t('editor.toast.deleted'));
        const list = session?.isAdmin ? links.adminList : links.list;
        void navigate(`${list}?after=${answer.position}`, { state: { refresh: true } });
      } catch (error) {
        setPanel({ kind: 'ERROR', message: errorMessage(error) });
      }
    });

  const openPreview = () => {
    if (!guidebookId) return;
    const { width, height } = PREVIEW_WINDOW;
    window.open(links.preview(guidebookId), 'pocketguide-preview', `width=${width},height=${height},noopener`);
  };

  const saveLabel = pending ? t('editor.menu.saving') : t('editor.menu.save');
  const isOwnerAdmin = Boolean(session?.isAdmin && settings && settings.ownerId === session.id);
  const needsSave = saved ? undefined : t('editor.menu.needsSave');

  return (
    <div className="sticky top-16 z-30 border-b border-neutral-200 bg-white/95 backdrop-blur-sm" data-editor-surface>
      {/* Under 1024 px: the title, Save and Publish on the first line (the ::after breaks it), the tools below. */}
      <div
        role="toolbar"
        aria-label={t('editor.menu.label')}
        className="mx-auto flex min-h-14 max-w-[1400px] flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 max-lg:after:order-[-1] max-lg:after:basis-full"
      >
        <label className="sr-only" htmlFor="guidebook-title">
          {t('editor.menu.title')}
        </label>
        <input
          id="guidebook-title"
          value={title}
          maxLength={200}
          onChange={(event) => store.edit((draft) => void (draft.title = event.target.value), { label: 'typing', target: 'title' })}
          placeholder={t('guidebookLists.untitled')}
          className="h-10 min-w-0 flex-1 rounded-control max-lg:order-[-5] lg:min-w-40 border border-transparent px-2 text-lg font-bold text-neutral-900 hover:border-neutral-200 focus-visible:border-primary-600 focus-visible:ring-3 focus-visible:ring-primary-100 focus-visible:outline-none"
        />
        {contentType ? (
          <span className="shrink-0 rounded-full bg-neutral-100 px-2.5 py-1 text-xs font-semibold text-neutral-700 max-lg:order-[-4] max-sm:order-1">{`${t('editor.menu.type', { n: contentTypeNumber(contentType) })} · ${t(`editor.contentTypes.${contentType}`)}`}</span>
        ) : null}
        <div className="flex shrink-0 items-center">
          <IconButton label={t('editor.menu.getUrl')} hint={needsSave} disabled={!saved} onClick={() => setPanel({ kind: 'CLIPBOARD', url: publicUrl, failed: false })}>
            <LinkIcon className="size-4.5" aria-hidden="true" />
          </IconButton>
          <IconButton label={t('editor.menu.copy')} hint={needsSave} disabled={!saved} onClick={() => setPanel({ kind: 'COPY' })}>
            <Copy className="size-4.5" aria-hidden="true" />
          </IconButton>
          <IconButton label={t('editor.menu.delete')} hint={needsSave} disabled={!saved} onClick={() => setPanel({ kind: 'DELETE' })}>
            <Trash2 className="size-4.5" aria-hidden="true" />
          </IconButton>
          <IconButton label={t('editor.menu.preview')} hint={needsSave} disabled={!saved} onClick={openPreview}>
            <Eye className="size-4.5" aria-hidden="true" />
          </IconButton>
          <IconButton label={t('editor.menu.settings')} hint={needsSave} disabled={!saved} onClick={onOpenSettings}>
            <Settings className="size-4.5" aria-hidden="true" />
          </IconButton>
          <IconButton label={t('editor.menu.history')} hint={needsSave} disabled={!saved} onClick={onOpenHistory}>
            <History className="size-4.5" aria-hidden="true" />
          </IconButton>
          <span className="mx-1 h-6 w-px bg-neutral-200 max-sm:mx-0.5" aria-hidden="true" />
          <IconButton label={t('editor.menu.undo')} hint={t('editor.menu.undoShortcut')} disabled={!canUndo || serverHistory.busy !== null} onClick={() => (localUndo ? store.undo() : void serverHistory.travel('undo'))}>
            <Undo2 className="size-4.5" aria-hidden="true" />
          </IconButton>
          <IconButton label={t('editor.menu.redo')} hint={t('editor.menu.redoShortcut')} disabled={!canRedo || serverHistory.busy !== null} onClick={() => (localRedo ? store.redo() : void serverHistory.travel('redo'))}>
            <Redo2 className="size-4.5" aria-hidden="true" />
          </IconButton>
        </div>
        {isOwnerAdmin && settings ? (
          <fieldset className="flex shrink-0 items-center gap-2 text-xs font-semibold text-neutral-700">
            <legend className="sr-only">{t('editor.menu.sampleFlags')}</legend>
            <Toggle checked={settings.isSampleGuidebook} disabled={busy !== null} onChange={() => void toggleSample('isSampleGuidebook')} label={t('editor.menu.sampleGuidebook')} />
            <Toggle checked={settings.isSampleContent} disabled={busy !== null} onChange={() => void toggleSample('isSampleContent')} label={t('editor.menu.sampleContent')} />
          </fieldset>
        ) : null}
        {settings?.published ? (
          <Toggle checked={settings.isPublicGallery} disabled={busy !== null} onChange={() => void toggleGallery()} label={t('editor.menu.publicGallery')} />
        ) : null}
        <SaveState saved={saved} pending={pending} dirty={dirty} failed={failed} onRetry={() => void saver.save({ manual: true })} />
        <Button size="sm" variant={pending || !saved ? 'primary' : 'secondary'} onClick={() => void saver.save({ manual: true })} aria-live="polite" className="min-w-20 max-lg:order-[-3]">
          {saveLabel}
        </Button>
        {saved && settings ? (
          <>
            {/* the state (Published / Unpublished) beside the action that changes it */}
            {/* on a phone the button's name says it (Publish / Unpublish); screen readers still hear the state */}
            <span className={cx('inline-flex shrink-0 items-center gap-1.5 text-xs font-semibold max-lg:order-[-2] max-sm:sr-only', settings.published ? 'text-primary-700' : 'text-neutral-600')}>
              <span className={cx('size-2 rounded-full', settings.published ? 'bg-primary-500' : 'bg-neutral-400')} aria-hidden="true" />
              {t(settings.published ? 'editor.menu.published' : 'editor.menu.unpublished')}
            </span>
            <Button
              size="sm"
              variant={settings.published ? 'secondary' : 'accent'}
              loading={busy === 'publish'}
              onClick={() => (settings.published ? setConfirmUnpublish(true) : void changePublished(true))}
              className="min-w-20 max-lg:order-[-1]"
            >
              {t(settings.published ? 'editor.menu.unpublish' : 'editor.menu.publish')}
            </Button>
          </>
        ) : null}
      </div>
      {panel.kind !== 'none' ? (
        <div
          ref={panelRef}
          role="region"
          aria-label={t('editor.menu.label')}
          aria-live="polite"
          className="border-t border-neutral-200 bg-neutral-50"
          // Escape puts a question away as a dialog's would; a running command is not interrupted.
          onKeyDown={(event) => {
            if (event.key === 'Escape' && busy === null) {
              event.stopPropagation();
              setPanel({ kind: 'none' });
            }
          }}
        >
          <div className="mx-auto flex max-w-[1400px] flex-wrap items-center gap-3 px-4 py-3 text-sm">
            <ConfirmPanel
              panel={panel}
              urlField={urlField}
              busy={busy}
              onClose={() => setPanel({ kind: 'none' })}
              onCopy={() => void confirmCopy()}
              onDelete={() => void confirmDelete()}
              onCopyAddress={() => void copyAddress()}
              onGalleryAnyway={() => void toggleGallery(true)}
              onSubscribe={() => {
                // the plan offered, and back here once paid (issue 23): the publish can then be done
                const offered = panel.kind === 'PUBLISH_LIMIT' ? panel.plan : null;
                setPanel({ kind: 'none' });
                void navigate(links.purchase ? links.purchase(offered, `${location.pathname}${location.search}`) : links.subscription);
              }}
            />
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmUnpublish}
        onOpenChange={setConfirmUnpublish}
        title={t('editor.unpublishConfirm.title')}
        message={t('editor.unpublishConfirm.message')}
        confirmLabel={t('editor.menu.unpublish')}
        tone="accent"
        onConfirm={() => changePublished(false)}
      />
      <PublishedDialog open={sharing} url={publicUrl} title={title} onOpenChange={setSharing} />
    </div>
  );
}

function ConfirmPanel({
  panel,
  urlField,
  busy,
  onClose,
  onCopy,
  onDelete,
  onCopyAddress,
  onSubscribe,
  onGalleryAnyway,
}: {
  panel: Exclude<Panel, { kind: 'none' }>;
  urlField: RefObject<HTMLInputElement | null>;
  busy: string | null;
  onClose(): void;
  onCopy(): void;
  onDelete(): void;
  onCopyAddress(): void;
  onSubscribe(): void;
  onGalleryAnyway(): void;
}) {
  const { t } = useTranslation();
  const cancel = (
    <Button size="sm" variant="secondary" onClick={onClose}>
      {t('editor.confirm.cancel')}
    </Button>
  );
  switch (panel.kind) {
    case 'COPY':
      return (
        <>
          <p className="flex-1 text-neutral-800">{t('editor.confirm.copy')}</p>
          {cancel}
          <Button size="sm" loading={busy === 'copy'} onClick={onCopy}>
            {t('editor.confirm.copyAction')}
          </Button>
        </>
      );
    case 'DELETE':
      return (
        <>
          <p className="flex-1 text-neutral-800">{t('editor.confirm.delete')}</p>
          {cancel}
          <Button size="sm" variant="accent" loading={busy === 'delete'} onClick={onDelete}>
            {t('editor.confirm.deleteAction')}
          </Button>
        </>
      );
    case 'CLIPBOARD':
    case 'CLIPBOARD_COPIED':
      return (
        <>
          <label htmlFor="guidebook-url" className="font-semibold text-neutral-800">
            {t('editor.confirm.clipboard')}
          </label>
          <input
            id="guidebook-url"
            ref={urlField}
            readOnly
            value={panel.url}
            onFocus={(event) => event.target.select()}
            className="h-9 min-w-72 flex-1 rounded-control border border-neutral-300 bg-white px-3 text-sm text-neutral-800"
          />
          {panel.kind === 'CLIPBOARD' ? (
            <Button size="sm" onClick={onCopyAddress}>
              {t('editor.confirm.copyAddress')}
            </Button>
          ) : (
            <span className="font-semibold text-primary-700">{t('editor.confirm.copied')}</span>
          )}
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t('editor.confirm.close')}
          </Button>
          {panel.kind === 'CLIPBOARD' && panel.failed ? (
            <p role="alert" className="w-full text-alert-700">
              {t('editor.confirm.clipboardFailed')}
            </p>
          ) : null}
        </>
      );
    case 'SUBSCRIPTION_NEEDED':
      return (
        <>
          <p className="flex-1 font-semibold text-neutral-800">{t('editor.confirm.subscriptionNeeded')}</p>
          <Button size="sm" variant="secondary" onClick={onClose}>
            {t('editor.confirm.notNow')}
          </Button>
          <Button size="sm" variant="accent" onClick={onSubscribe}>
            {t('editor.confirm.subscribe')}
          </Button>
        </>
      );
    case 'GALLERY_PASSWORD':
      return (
        <>
          <p role="alert" className="flex-1 text-neutral-800">
            {t('editor.confirm.galleryPassword')}
          </p>
          {cancel}
          <Button size="sm" variant="accent" onClick={onGalleryAnyway}>
            {t('editor.confirm.galleryAnyway')}
          </Button>
        </>
      );
    case 'PUBLISH_LIMIT':
      return (
        <>
          <p role="alert" className="flex-1 font-semibold text-neutral-800">
            {panel.message}
            {panel.plan ? ` ${t('editor.confirm.planAllowsMore', { plan: t(`plans.${panel.plan}`), count: PLAN_CATALOGUE[panel.plan].publishLimit })}` : ''}
          </p>
          <Button size="sm" variant="secondary" onClick={onClose}>
            {t('editor.confirm.notNow')}
          </Button>
          {panel.plan ? (
            <Button size="sm" variant="accent" onClick={onSubscribe} data-offered-plan={panel.plan}>
              {t('editor.confirm.changePlan', { plan: t(`plans.${panel.plan}`) })}
            </Button>
          ) : null}
        </>
      );
    case 'ERROR':
      return (
        <>
          <p role="alert" className="flex-1 text-alert-700">
            {panel.message}
          </p>
          <Button size="sm" onClick={onClose}>
            {t('editor.confirm.ok')}
          </Button>
        </>
      );
  }
}

/**
 * Where the author's work stands, in words on screen (not only for screen readers): Saving…, Saved, or Not saved
 * with a retry. A failed save keeps saying so until a save succeeds.
 */
function SaveState({ saved, pending, dirty, failed, onRetry }: { saved: boolean; pending: boolean; dirty: boolean; failed: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  const state = !saved ? 'new' : failed ? 'failed' : pending ? 'saving' : dirty ? 'waiting' : 'saved';
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5 text-xs font-semibold" data-save-state={state}>
      <span role="status" aria-label={t('editor.saveState.label')} className={cx('inline-flex items-center gap-1.5', state === 'failed' ? 'text-alert-700' : 'text-neutral-600')}>
        {state === 'saved' ? <Check className="size-3.5 text-primary-600" aria-hidden="true" /> : null}
        {state === 'failed' ? <CircleAlert className="size-3.5" aria-hidden="true" /> : null}
        {state === 'new'
          ? t('editor.menu.unsavedNew')
          : state === 'failed'
            ? t('editor.saveState.failed')
            : state === 'saving'
              ? t('editor.saveState.saving')
              : state === 'saved'
                ? t('editor.saveState.saved')
                : ''}
      </span>
      {state === 'failed' ? (
        <button type="button" onClick={onRetry} className="rounded-control px-1.5 py-0.5 text-alert-700 underline underline-offset-2 hover:bg-alert-50">
          {t('editor.saveState.retry')}
        </button>
      ) : null}
    </span>
  );
}

function IconButton({ label, hint, disabled, onClick, children }: { label: string; hint?: string | undefined; disabled?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={hint ? `${label} · ${hint}` : label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-control text-neutral-700 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-35"
    >
      {children}
    </button>
  );
}

function Toggle({ checked, disabled, onChange, label }: { checked: boolean; disabled?: boolean; onChange(): void; label: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={onChange}
      className="inline-flex shrink-0 items-center gap-2 rounded-control px-1.5 py-1 text-xs font-semibold text-neutral-700 hover:bg-neutral-100 disabled:opacity-60"
    >
      <span className={cx('relative h-5 w-9 rounded-full transition-colors', checked ? 'bg-primary-600' : 'bg-neutral-300')} aria-hidden="true">
        <span className={cx('absolute top-0.5 size-4 rounded-full bg-white shadow-raised transition-transform', checked ? 'translate-x-4.5' : 'translate-x-0.5')} />
      </span>
      {label}
    </button>
  );
}
