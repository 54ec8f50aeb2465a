import { useMemo } from 'react';
import { useLocation, useMatches, useParams } from 'react-router';
import { NEW_GUIDEBOOK_ID, SAMPLE_GUIDEBOOK_ID } from '@pocketguide/contracts';
import { GuidebookEditor, type EditorSource } from '../../features/editor/components/guidebook-editor.tsx';
import type { EditorLinks } from '../../features/editor/editor-context.tsx';
import { editorItemRegistry } from '../../features/editor-items/registry.ts';
import { paths, purchaseHref } from '../paths.ts';

type EditorLocationState = { after?: number } | null;

/**
 * `/guidebooks/create`, `/guidebooks/sample` and `/guidebooks/edit/{id}`, each with `/contents/{contentId}` below:
 * one route per guidebook, so moving between its cover and pages keeps the editor (and an unsaved guidebook's
 * work) mounted. `edit/NEW` and `edit/sample` are the spec's names for the first two.
 */
export function GuidebookEditorRoute({ kind }: { kind: 'new' | 'sample' | 'edit' }) {
  const params = useParams();
  const location = useLocation();
  const guidebookId = params.guidebookId ?? '';
  const contentId = params.contentId ?? null;
  const after = (location.state as EditorLocationState)?.after;

  const source: EditorSource =
    kind === 'new' || guidebookId === NEW_GUIDEBOOK_ID
      ? { kind: 'new' }
      : kind === 'sample' || guidebookId === SAMPLE_GUIDEBOOK_ID
        ? { kind: 'sample' }
        : { kind: 'saved', guidebookId, after };
  const basePath =
    source.kind === 'saved'
      ? paths.guidebookEdit.getHref(source.guidebookId)
      : kind === 'edit'
        ? paths.guidebookEdit.getHref(guidebookId)
        : source.kind === 'new'
          ? paths.guidebooksCreate.getHref()
          : paths.guidebooksSample.getHref();

  const links: EditorLinks = useMemo(
    () => ({
      cover: (id) => (id === null ? basePath : paths.guidebookEdit.getHref(id)),
      content: (id, content) =>
        `${id === null ? basePath : paths.guidebookEdit.getHref(id)}/contents/${encodeURIComponent(content)}`,
      preview: (id) => paths.guidebookPreview.getHref(id),
      publicGuidebook: (uuid) => paths.mobileGuidebook.getHref(uuid),
      list: paths.guidebooks.getHref(),
      adminList: paths.adminGuidebooks.getHref(),
      ownerGuidebooks: (userId) => paths.adminUserGuidebooks.getHref(userId),
      subscription: paths.settingsSubscription.getHref(),
      purchase: (plan, returnTo) => purchaseHref(plan, returnTo),
    }),
    [basePath],
  );

  return (
    <GuidebookEditor
      source={source}
      contentId={contentId}
      registry={editorItemRegistry}
      links={links}
      basePath={basePath}
    />
  );
}

type EditorKind = 'new' | 'sample' | 'edit';
const isEditorKind = (value: unknown): value is EditorKind => value === 'new' || value === 'sample' || value === 'edit';

/**
 * The one route element of the three addresses (their routes name their kind in `handle.editor`): the editor stays
 * the same element when the first save moves it from create (or sample) to edit/{id}.
 */
export function GuidebookEditorLayout() {
  const matches = useMatches();
  const kind =
    matches.map((match) => (match.handle as { editor?: unknown } | undefined)?.editor).find(isEditorKind) ?? 'edit';
  return <GuidebookEditorRoute kind={kind} />;
}
