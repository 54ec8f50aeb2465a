import { AUTOSAVE_MS, deepEqual, type GuidebookView } from '@pocketguide/contracts';
import { isApiError, isNetworkError, type ApiClient } from '../../lib/api-client.ts';
import { documentOf, getGuidebook, settingsOf } from './api/get-guidebook.ts';
import { editGuidebook, insertGuidebook, saveWholeGuidebook } from './api/save-guidebook.ts';
import { titleProblem, type EditorStore } from './editor-store.ts';
import { rebasePatches } from './rebase.ts';

/**
 * Saving (spec §4): an unsaved guidebook (NEW or sample) is inserted by Save; a saved one is auto-saved
 * `AUTOSAVE_MS` after the last edit by sending only the patches since the last save, against the revision they were
 * made on (`If-Match`).
 *
 * Two tabs: a 412 means someone saved in between. The current document is fetched and our unsaved patches are
 * re-applied on it (`rebasePatches`); if they still apply, the merged document is saved and the author told. If
 * they do not (the other side deleted or changed what we changed), the store holds a conflict and the editor asks
 * the author which version to keep: "keep mine" stores the whole local document (PUT), "take theirs" drops the
 * local edits. Nothing is lost without the author choosing.
 */

export type SaverNotice =
  | { kind: 'updated' }
  | { kind: 'title-invalid'; message: string }
  | { kind: 'rebased' }
  | { kind: 'failed'; error: unknown };

export type GuidebookSaver = {
  /** saves now (a manual save also confirms with 'Updated Guidebook') */
  save(options?: { manual?: boolean }): Promise<void>;
  /** saves anything pending and waits until nothing is in flight (before an upload, undo on the server, …) */
  flush(): Promise<boolean>;
  keepMine(): Promise<void>;
  takeTheirs(): void;
  /** follows the store's edits (auto-save); a component starts it in an effect */
  start(): void;
  /** stops following and cancels a scheduled save */
  dispose(): void;
};

export type SaverOptions = {
  store: EditorStore;
  api: ApiClient;
  notify(notice: SaverNotice): void;
  /** an unsaved guidebook was inserted: the editor moves to its address */
  onInserted?(guidebookId: string, position: number): void;
  autosaveMs?: number;
  /** waits between reads of the current document after a 412, while the read model catches up */
  staleReadDelaysMs?: readonly number[];
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createGuidebookSaver({
  store,
  api,
  notify,
  onInserted,
  autosaveMs = AUTOSAVE_MS,
  staleReadDelaysMs = [150, 300, 600, 1200],
}: SaverOptions): GuidebookSaver {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again: { manual: boolean } | null = null;
  let disposed = false;
  let stopListening: (() => void) | null = null;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = () => {
    clearTimer();
    if (disposed) return;
    timer = setTimeout(() => {
      timer = null;
      void save();
    }, autosaveMs);
  };

  const onEdited = () => {
    const { guidebookId, revision } = store.getState();
    // only a saved guidebook is auto-saved; a new one waits for Save
    if (guidebookId !== null && revision !== null) schedule();
  };

  /** The guidebook as the server now holds it, newer than `stale` once the read model has caught up. */
  async function readNewer(guidebookId: string, stale: number): Promise<GuidebookView> {
    let view = await getGuidebook(api, guidebookId);
    for (const delay of staleReadDelaysMs) {
      if (view.revision > stale) break;
      await sleep(delay);
      view = await getGuidebook(api, guidebookId);
    }
    return view;
  }

  /** After a 412: merge our unsaved edits into the current document, or hold a conflict. True to save again. */
  async function catchUp(guidebookId: string, stale: number): Promise<boolean> {
    const view = await readNewer(guidebookId, stale);
    const theirs = documentOf(view);
    const state = store.getState();
    const base = state.savedDoc ?? theirs;
    const rebased = rebasePatches(base, theirs, state.unsaved);
    store.setSettings(settingsOf(view));
    if (!rebased) {
      store.setConflict({ theirs, revision: view.revision });
      return false;
    }
    store.rebased({ doc: theirs, revision: view.revision }, rebased.doc, rebased.patches);
    // only settings moved the revision (a publish): nothing to tell
    if (!deepEqual(base, theirs)) notify({ kind: 'rebased' });
    return store.getState().unsaved.length > 0;
  }

  async function run(manual: boolean, attempt = 0): Promise<void> {
    const state = store.getState();
    if (state.conflict) return;
    const problem = titleProblem(state.doc);
    if (problem) {
      notify({ kind: 'title-invalid', message: problem });
      return;
    }
    if (state.guidebookId === null) {
      if (!manual) return;
      try {
        const accepted = await insertGuidebook(api, state.doc, state.origin === 'sample' ? 'sample' : 'new');
        store.inserted(accepted._id);
        notify({ kind: 'updated' });
        onInserted?.(accepted._id, accepted.position);
      } catch (error) {
        store.saveFailed();
        notify({ kind: 'failed', error });
      }
      return;
    }
    const guidebookId = state.guidebookId;
    const batch = store.beginSave();
    if (!batch) {
      if (manual) notify({ kind: 'updated' });
      return;
    }
    try {
      const answer = await editGuidebook(api, guidebookId, batch.patches, batch.revision);
      store.saveSucceeded(answer);
      if (manual) notify({ kind: 'updated' });
      if (store.getState().unsaved.length > 0) schedule();
    } catch (error) {
      store.saveFailed();
      if (isApiError(error) && error.status === 412 && attempt < 3) {
        try {
          if (await catchUp(guidebookId, batch.revision)) await run(manual, attempt + 1);
        } catch (readError) {
          notify({ kind: 'failed', error: readError });
        }
        return;
      }
      notify({ kind: 'failed', error });
      // a dropped connection is tried again later; a refusal waits for the author's next edit
      if (isNetworkError(error)) schedule();
    }
  }

  function save({ manual = false }: { manual?: boolean } = {}): Promise<void> {
    clearTimer();
    if (disposed) return Promise.resolve();
    if (running) {
      again = { manual: manual || (again?.manual ?? false) };
      return running;
    }
    running = run(manual).finally(() => {
      running = null;
      const next = again;
      again = null;
      if (next && !disposed) void save(next);
    });
    return running;
  }

  async function flush(): Promise<boolean> {
    for (let round = 0; round < 5; round++) {
      const state = store.getState();
      if (running) {
        await running;
        continue;
      }
      if (state.unsaved.length === 0 || state.guidebookId === null || state.conflict) break;
      await save();
    }
    const state = store.getState();
    return state.unsaved.length === 0 && state.conflict === null;
  }

  async function keepMine(): Promise<void> {
    const { conflict, guidebookId, doc } = store.getState();
    if (!conflict || guidebookId === null) return;
    try {
      const answer = await saveWholeGuidebook(api, guidebookId, doc, conflict.revision);
      store.documentSaved(answer);
      notify({ kind: 'updated' });
    } catch (error) {
      if (isApiError(error) && error.status === 412) {
        // saved again meanwhile: compare with that version instead
        try {
          const view = await readNewer(guidebookId, conflict.revision);
          store.setConflict({ theirs: documentOf(view), revision: view.revision });
        } catch (readError) {
          notify({ kind: 'failed', error: readError });
        }
        return;
      }
      notify({ kind: 'failed', error });
    }
  }

  function takeTheirs(): void {
    const { conflict } = store.getState();
    if (!conflict) return;
    clearTimer();
    store.reset({ doc: conflict.theirs, revision: conflict.revision });
  }

  return {
    save,
    flush,
    keepMine,
    takeTheirs,
    start() {
      disposed = false;
      stopListening ??= store.onEdited(onEdited);
    },
    dispose() {
      disposed = true;
      clearTimer();
      stopListening?.();
      stopListening = null;
    },
  };
}
