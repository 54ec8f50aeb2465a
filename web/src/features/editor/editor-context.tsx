import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ImageSet } from '@pocketguide/contracts';
import type { ApiClient } from '../../lib/api-client.ts';
import type { EditorState, EditorStore } from './editor-store.ts';
import type { GuidebookSaver } from './guidebook-saver.ts';
import type { EditorItemRegistry } from './item-contract.ts';

/** Where the editor's links lead; the app's route builds them from its paths (features do not import the app). */
export type EditorLinks = {
  cover(guidebookId: string | null): string;
  content(guidebookId: string | null, contentId: string): string;
  preview(guidebookId: string): string;
  publicGuidebook(uuid: string): string;
  list: string;
  adminList: string;
  /** an administrator's list of one person's guidebooks */
  ownerGuidebooks(userId: string): string;
  subscription: string;
  /**
   * the purchase of `plan` (null: the person chooses), coming back to `returnTo` once paid (issue 23); absent: the
   * subscription page
   */
  purchase?(plan: string | null, returnTo: string): string;
};

/** Where an image goes: a cover part, or an item (its section is looked up when the upload starts). */
export type ImageTarget = { kind: 'header' | 'subheader' | 'footer' } | { kind: 'item'; contentId: string; itemId: string } | { kind: 'card'; cardId: string };

/** 0 to 1 as the file's bytes leave the browser. */
export type UploadProgress = (fraction: number) => void;

export type EditorServices = {
  store: EditorStore;
  saver: GuidebookSaver;
  api: ApiClient;
  registry: EditorItemRegistry;
  links: EditorLinks;
  /** the spec's alerts (refused image, upload failure): a modal message with OK */
  showAlert(message: string): void;
  /** uploads an image to a cover part or an item and puts it in place (see `item-contract.ts`) */
  uploadImage(target: ImageTarget, file: File, onProgress?: UploadProgress): Promise<ImageSet>;
  /** reads the guidebook again (after a restore, a server undo, a page copy); `after` waits for that write */
  reload(after?: number): Promise<void>;
};

const EditorContext = createContext<EditorServices | null>(null);

export function EditorProvider({ services, children }: { services: EditorServices; children: ReactNode }) {
  return <EditorContext.Provider value={services}>{children}</EditorContext.Provider>;
}

export function useEditor(): EditorServices {
  const services = useContext(EditorContext);
  if (!services) throw new Error('useEditor needs an EditorProvider (see guidebook-editor.tsx)');
  return services;
}

/**
 * A slice of the editor state; the component re-renders only when the slice changes (by reference), so typing in
 * one item re-renders that item, not the other 199 on the page.
 */
export function useEditorState<T>(select: (state: EditorState) => T): T {
  const { store } = useEditor();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}
