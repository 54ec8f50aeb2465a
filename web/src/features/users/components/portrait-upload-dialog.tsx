import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp } from 'lucide-react';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { useAccountMessage } from '../../../lib/account-message.ts';
import { isApiError, isNetworkError } from '../../../lib/api-client.ts';
import { cx } from '../../../lib/class-names.ts';
import { useUploadPortrait } from '../api/upload-portrait.ts';

type PortraitUploadDialogProps = {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const MB = 1024 * 1024;
const maxMegabytes = Number((PROFILE_IMAGE_MAX_BYTES / MB).toFixed(1));

/** The spec's checks before sending: one file, jpg/png/gif, at most 5 MB (the message gives the size). */
export function checkPortraitFiles(files: readonly File[]): { file: File } | { problem: string } {
  if (files.length !== 1) return { problem: ACCOUNT_MESSAGES.oneFile };
  const file = files[0]!;
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type))
    return { problem: ACCOUNT_MESSAGES.imageTypeInvalid };
  if (file.size > PROFILE_IMAGE_MAX_BYTES) {
    return {
      problem: `${ACCOUNT_MESSAGES.fileTooBig} (${(file.size / MB).toFixed(1)} MB). The maximum is ${maxMegabytes} MB.`,
    };
  }
  return { file };
}

export function PortraitUploadDialog({ userId, open, onOpenChange }: PortraitUploadDialogProps) {
  const { t } = useTranslation();
  const localise = useAccountMessage();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadPortrait(userId);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const clear = () => {
    setFile(undefined);
    setPreview(undefined);
    setProblem(undefined);
    setProgress(0);
    upload.reset();
  };

  const choose = (files: readonly File[]) => {
    const checked = checkPortraitFiles(files);
    upload.reset();
    if ('problem' in checked) {
      setFile(undefined);
      setPreview(undefined);
      setProblem(localise(checked.problem));
      return;
    }
    setProblem(undefined);
    setFile(checked.file);
  };

  const send = () => {
    if (!file || upload.isPending) return;
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(t('portrait.success'));
          clear();
          onOpenChange(false);
        },
        onError: (error) => {
          if (isNetworkError(error)) return;
          setProblem(isApiError(error) ? localise(error.fieldError('file') ?? error.message) : t('portrait.failed'));
        },
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    choose([...event.dataTransfer.files]);
  };

  const percent = Math.round(progress * 100);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (upload.isPending) return; // an upload on its way finishes or fails before the dialog can close
        if (!next) clear();
        onOpenChange(next);
      }}
      initialFocus={inputRef}
      title={t('portrait.title')}
      description={t('portrait.description', { max: maxMegabytes })}
      footer={
        <>
          <Button variant="secondary" disabled={upload.isPending} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={send}
            disabled={!file}
            loading={upload.isPending}
            icon={<ImageUp className="size-4.5" aria-hidden="true" />}
          >
            {upload.isPending ? t('portrait.uploading', { percent }) : t('portrait.upload')}
          </Button>
        </>
      }
    >
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-card border-2 border-dashed px-4 py-6 text-center transition-colors',
          'focus-within:border-primary-600 focus-within:ring-3 focus-within:ring-primary-100',
          dragging ? 'border-primary-500 bg-primary-50' : 'border-neutral-300 bg-neutral-50 hover:border-primary-500',
        )}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={PROFILE_IMAGE_TYPES.join(',')}
          className="sr-only"
          aria-label={t('portrait.fileLabel')}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            choose([...(event.target.files ?? [])]);
            event.target.value = ''; // choosing the same file again still counts as a choice
          }}
        />
        {preview ? (
          <img
            src={preview}
            alt={t('portrait.previewAlt')}
            className="size-28 rounded-full object-cover ring-4 ring-white shadow-raised"
          />
        ) : (
          <span
            className="flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-600"
            aria-hidden="true"
          >
            <ImageUp className="size-6" />
          </span>
        )}
        <span className="text-sm text-neutral-600">
          {file ? (
            <span className="font-semibold text-primary-700">{t('portrait.chooseAnother')}</span>
          ) : (
            <>
              {t('portrait.dropHint')} <span className="font-semibold text-primary-700">{t('portrait.choose')}</span>
            </>
          )}
        </span>
        {file ? <span className="max-w-full truncate text-xs text-neutral-500">{file.name}</span> : null}
      </label>

      {upload.isPending ? <ProgressBar value={progress} label={t('portrait.progressLabel')} className="mt-4" /> : null}

      {problem ? (
        <div id={`${inputId}-problem`} className="mt-4">
          <Banner tone="alert">{problem}</Banner>
        </div>
      ) : null}
    </Dialog>
  );
}
