import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ImagePlus, Shapes, Trash2 } from 'lucide-react';
import { ICON_DELETE_RESTORE_MS, ICONS_PER_USER, type Icon } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cx } from '../../../lib/class-names.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useDeleteIcon, useIcons, useUploadIcon, type IconScope } from '../api/icons.ts';
import { iconFileProblem } from '../icon-file.ts';

/**
 * The icon library (spec 3 §2.3, §5, §8): the count, a drop zone (or click to choose) taking one PNG at a time,
 * checked here as the server checks it, and the grid with a delete button on each. A deleted icon is hidden at
 * once; if the deletion fails it comes back after a second. Administrators see everyone's icons.
 */
export function IconLibrary({ scope }: { scope: IconScope }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const icons = useIcons(scope);
  const upload = useUploadIcon();
  const remove = useDeleteIcon();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const uploading = progress !== null;

  async function send(file: File | undefined) {
    if (!file) return;
    if (uploading) {
      toast.error(t('icons.errors.oneAtATime'));
      return;
    }
    const problem = await iconFileProblem(file);
    if (problem) {
      toast.error(t(`icons.errors.${problem}`));
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      toast.success(t('icons.uploaded'));
    } catch (error) {
      toast.error(isApiError(error) ? errorMessage(error) : t('icons.errors.uploadFailed'));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 1) {
      toast.error(t('icons.errors.oneAtATime'));
      return;
    }
    void send(files[0]);
  }

  function deleteIcon(icon: Icon) {
    setPending((held) => new Set(held).add(icon._id));
    const release = () =>
      setPending((held) => {
        const next = new Set(held);
        next.delete(icon._id);
        return next;
      });
    remove.mutate(icon._id, {
      onSuccess: release,
      onError: (error) => {
        toast.error(isApiError(error) ? errorMessage(error) : t('icons.deleteFailed'));
        setTimeout(release, ICON_DELETE_RESTORE_MS);
      },
    });
  }

  const shown = (icons.data?.icons ?? []).filter((icon) => !pending.has(icon._id));
  const count = icons.data ? icons.data.totalCount - (icons.data.icons.length - shown.length) : 0;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">
          {scope === 'all' ? t('icons.adminTitle') : t('icons.title')}{' '}
          <span className="text-base font-semibold text-neutral-500 tabular-nums" data-icon-count={count}>
            {scope === 'all' ? t('icons.countAll', { count }) : t('icons.count', { count, max: ICONS_PER_USER })}
          </span>
        </h1>
        <p className="mt-1.5 text-base text-neutral-600">
          {scope === 'all' ? t('icons.adminDescription') : t('icons.description')}
        </p>
      </header>

      <label
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-dropzone="true"
        className={cx(
          'flex cursor-pointer flex-col items-center gap-2 rounded-card border-2 border-dashed px-6 py-10 text-center transition-colors',
          dragging ? 'border-primary-500 bg-primary-50' : 'border-neutral-300 bg-white hover:border-primary-300',
          uploading && 'cursor-wait',
        )}
      >
        <ImagePlus className="size-8 text-primary-600" aria-hidden="true" />
        <span className="font-semibold text-neutral-800">{t('icons.drop')}</span>
        <span className="text-sm text-neutral-500">{t('icons.rules', { max: ICONS_PER_USER })}</span>
        <input
          ref={input}
          type="file"
          accept="image/png"
          className="sr-only"
          disabled={uploading}
          onChange={(event) => void send(event.target.files?.[0])}
        />
        {uploading ? (
          <ProgressBar value={progress} label={t('icons.uploading')} className="mt-2 w-full max-w-xs" />
        ) : null}
      </label>

      {icons.isPending ? (
        <p className="flex items-center justify-center gap-2 py-10 text-neutral-500" role="status">
          <Spinner className="text-primary-600" />
          {t('icons.loading')}
        </p>
      ) : icons.isError ? (
        <Banner
          tone="alert"
          action={
            <Button variant="secondary" size="sm" onClick={() => void icons.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          <p className="font-semibold">{t('icons.loadFailed')}</p>
          <p>{errorMessage(icons.error)}</p>
        </Banner>
      ) : shown.length === 0 ? (
        <div className="rounded-card border border-neutral-200 bg-white">
          <EmptyState
            className="py-12"
            icon={<Shapes className="size-6" />}
            title={t('icons.empty')}
            description={t('icons.emptyHint')}
          />
        </div>
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-8" aria-label={t('icons.listLabel')}>
          {shown.map((icon) => (
            <li
              key={icon._id}
              className="relative flex flex-col items-center gap-1 rounded-card border border-neutral-200 bg-white p-3 shadow-raised"
              data-icon-id={icon._id}
            >
              <img src={icon.url} alt="" width={64} height={64} className="size-16 object-contain" loading="lazy" />
              {scope === 'all' ? (
                <span className="max-w-full truncate text-xs text-neutral-500" title={icon.user}>
                  {icon.user.slice(0, 8)}
                </span>
              ) : null}
              <button
                type="button"
                onClick={() => deleteIcon(icon)}
                aria-label={t('icons.delete')}
                title={t('icons.delete')}
                className="absolute top-1 right-1 flex size-8 items-center justify-center rounded-full text-neutral-500 hover:bg-alert-50 hover:text-alert-600"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
