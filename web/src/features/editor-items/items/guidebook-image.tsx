import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOff } from 'lucide-react';
import { IMAGE_VARIANT_WIDTHS, MOBILE_WIDTH, type ImageSet } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';

export type ImageVariant = keyof ImageSet;

/** The stored size that covers `widthPx` on screen (large, medium, small: 1280, 640, 320 px wide). */
export function imageVariant(widthPx: number): ImageVariant {
  if (widthPx <= IMAGE_VARIANT_WIDTHS.small) return 'small';
  if (widthPx <= IMAGE_VARIANT_WIDTHS.medium) return 'medium';
  return 'large';
}

/** All three sizes for the browser to choose from by the display width and pixel density. */
export const imageSrcSet = (image: ImageSet): string =>
  (['small', 'medium', 'large'] as const).map((size) => `${image[size]} ${IMAGE_VARIANT_WIDTHS[size]}w`).join(', ');

/**
 * An uploaded image, in the size its display needs (`displayWidth` in px, the phone column by default). A
 * failed load shows the spec's notice instead of a broken picture.
 */
export function GuidebookImage({
  image,
  displayWidth = MOBILE_WIDTH,
  alt = '',
  className,
}: {
  image: ImageSet;
  displayWidth?: number;
  alt?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = image[imageVariant(displayWidth)];
  if (failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={t('editorItems.image.unavailable')}
        className={cx(
          'flex min-h-24 flex-col items-center justify-center gap-2 bg-neutral-100 p-4 text-sm text-neutral-600',
          className,
        )}
      >
        <ImageOff className="size-6" aria-hidden="true" />
        <span>{t('editorItems.image.unavailable')}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={imageSrcSet(image)}
      sizes={`(max-width: ${displayWidth}px) 100vw, ${displayWidth}px`}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cx('block w-full', className)}
    />
  );
}
