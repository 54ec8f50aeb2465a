import { useId, useRef, useState } from 'react';
import { ImagePlus } from 'lucide-react';
import { UPLOAD_IMAGE_TYPES, type ImageSet } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';

/**
 * Picks one image and hands it to the editor's `uploadImage`, which checks it, uploads it and puts it in the
 * document itself (see the item contract); this button only shows the busy state. Failures were already shown
 * to the author by then, so a rejection just ends the busy state.
 */
export function ImageUploadButton({
  uploadImage,
  label,
  variant = 'secondary',
}: {
  uploadImage: ((file: File) => Promise<ImageSet>) | undefined;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  if (!uploadImage) return null;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadImage(file);
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
      <Button size="sm" variant={variant} loading={busy} icon={<ImagePlus className="size-4" aria-hidden="true" />} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </>
  );
}
