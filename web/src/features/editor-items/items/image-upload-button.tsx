import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus } from 'lucide-react';
import { UPLOAD_IMAGE_TYPES, type ImageSet } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { ProgressBar } from '../../../components/progress-bar.tsx';

/**
 * Picks one image and hands it to the editor's `uploadImage`, which checks it, uploads it and puts it in the
 * document itself (see the item contract); this button only shows the busy state. Failures were already shown
 * to the author by then, so a rejection just ends the busy state. While the bytes travel it shows how far they are.
 */
export function ImageUploadButton({
  uploadImage,
  label,
  variant = 'secondary',
}: {
  uploadImage: ((file: File, onProgress?: (fraction: number) => void) => Promise<ImageSet>) | undefined;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  if (!uploadImage) return null;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProgress(0);
    try {
      await uploadImage(file, setProgress);
    } catch {
      // Shown by the editor already (contract); nothing more to say here.
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <span className="inline-flex flex-col gap-1">
        <Button
          size="sm"
          variant={variant}
          loading={busy}
          icon={<ImagePlus className="size-4" aria-hidden="true" />}
          onClick={() => input.current?.click()}
        >
          {busy ? t('editorItems.image.uploading', { percent: Math.round(progress * 100) }) : label}
        </Button>
        {busy ? <ProgressBar value={progress} label={t('editorItems.image.progress')} className="h-1.5" /> : null}
      </span>
    </>
  );
}
