import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_TYPES,
  DEFAULT_CONTENT_ICONS,
  SAMPLE_CONTENTS_MAX,
  type ContentType,
  type SampleContent,
} from '@pocketguide/contracts';
import { Dialog } from '../../../components/dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { getSampleContents, sampleContentsQueryKey } from '../api/get-samples.ts';
import { useEditor } from '../editor-context.tsx';

export type ContentChoice = { kind: 'sample'; sample: SampleContent } | { kind: 'type'; type: ContentType };

/**
 * The choose-content popup (spec §2): sample contents (marked guidebooks' pages, then the built-in sample's) or
 * the four content types; at most 9 entries in all.
 */
export function ChooseContentDialog({
  open,
  onOpenChange,
  onChoose,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onChoose(choice: ContentChoice): void;
}) {
  const { t } = useTranslation();
  const { api } = useEditor();
  const samples = useQuery({
    queryKey: sampleContentsQueryKey,
    queryFn: ({ signal }) => getSampleContents(api, signal),
    enabled: open,
    staleTime: 60_000,
  });
  const sampleEntries = (samples.data?.results ?? []).slice(0, SAMPLE_CONTENTS_MAX - CONTENT_TYPES.length);
  const entryClass =
    'flex w-full items-center gap-3 rounded-control border border-neutral-200 p-3 text-left hover:border-primary-600 hover:bg-primary-50 focus-visible:border-primary-600';

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('editor.chooseContent.title')}
      description={t('editor.chooseContent.description')}
      className="sm:max-w-xl"
    >
      <h3 className="mb-2 text-sm font-semibold text-neutral-700">{t('editor.chooseContent.types')}</h3>
      <ul className="grid grid-cols-2 gap-2">
        {CONTENT_TYPES.map((type) => (
          <li key={type}>
            <button type="button" className={entryClass} onClick={() => onChoose({ kind: 'type', type })}>
              <img src={DEFAULT_CONTENT_ICONS[type]} alt="" className="size-9 shrink-0" />
              <span>
                <span className="block text-sm font-bold text-neutral-900">{t(`editor.contentTypes.${type}`)}</span>
                <span className="block text-xs text-neutral-600">
                  {t(`editor.chooseContent.presets.${type}.description`)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-neutral-700">{t('editor.chooseContent.samples')}</h3>
      {samples.isPending ? (
        <div className="flex items-center gap-2 text-sm text-neutral-500">
          <Spinner size="sm" />
          {t('editor.chooseContent.loading')}
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-2">
          {sampleEntries.map((sample) => (
            <li key={`${sample.guidebookId ?? 'built-in'}-${sample._id}`}>
              <button type="button" className={entryClass} onClick={() => onChoose({ kind: 'sample', sample })}>
                <img
                  src={sample.icon || DEFAULT_CONTENT_ICONS[sample.contentType]}
                  alt=""
                  className="size-9 shrink-0"
                />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-bold text-neutral-900">{sample.title}</span>
                  <span className="block truncate text-xs text-neutral-600">{sample.subtitle}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
