import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { Lock, QrCode, RefreshCw, X } from 'lucide-react';
import { Spinner } from '../../../components/spinner.tsx';
import { Tooltip } from '../../../components/tooltip.tsx';
import { cx } from '../../../lib/class-names.ts';
import { publicUrlOf } from '../listed-guidebook.ts';
import type { ThumbnailRequester } from '../api/request-thumbnail.ts';
import { needsThumbnailRegeneration, type ThumbnailedGuidebook } from '../thumbnail-state.ts';
import { useThumbnailRegeneration } from '../use-thumbnail-regeneration.ts';
import { GuidebookThumbnail } from './guidebook-thumbnail.tsx';

/** Spec 1 §9: the card's QR code is 200 px with error level H. */
export const CARD_QR_SIZE = 200;

// Whole class sets per look: two colour utilities for one property would leave the winner to the CSS order.
const overlayButton =
  'relative z-20 flex size-9 items-center justify-center rounded-full border shadow-raised transition-colors';
const overlayButtonLooks = {
  idle: 'border-neutral-200 bg-white text-neutral-700 hover:text-primary-700',
  pressed: 'border-primary-600 bg-primary-600 text-white hover:bg-primary-700',
  off: 'cursor-not-allowed border-neutral-200 bg-neutral-50 text-neutral-400',
} as const;

type CardPictureProps = {
  guidebook: ThumbnailedGuidebook & { uuid: string };
  /** the title as shown */
  title: string;
  /**
   * who may ask for a new thumbnail (spec 1 §6): an administrator for any published card, the owner for their own
   * when it needs one; null: nobody here
   */
  regenerateAs: ThumbnailRequester | null;
  /** the picture's height */
  className: string;
  /** status labels over the picture's top left */
  badges?: ReactNode;
};

/**
 * The picture of a guidebook card (the recent cards and the public gallery): the thumbnail in its states, the QR
 * button that lays the code over it, and the regenerate control (spec 1 §4, spec 3 §2.2) that asks for a new
 * thumbnail — administrators on every published card, owners where theirs needs one — with an overlay until the
 * new one is listed.
 */
export function CardPicture({ guidebook, title, regenerateAs, className, badges }: CardPictureProps) {
  const { t } = useTranslation();
  const [qrShown, setQrShown] = useState(false);
  const overlayId = useId();
  const regeneration = useThumbnailRegeneration(guidebook, regenerateAs);
  const busy = regeneration.state !== 'idle';
  const offered =
    regenerateAs === 'admin' ? guidebook.published : regenerateAs === 'owner' && needsThumbnailRegeneration(guidebook);
  const regenerate = offered || busy;

  return (
    <div className={cx('relative overflow-hidden border-b border-neutral-100', className)}>
      <GuidebookThumbnail guidebook={guidebook} title={title} />
      {regeneration.state === 'regenerating' ? (
        <div
          role="status"
          data-regenerating="true"
          className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-2 bg-white/85 px-6 text-center backdrop-blur-[1px]"
        >
          <Spinner className="text-primary-600" />
          <p className="text-sm font-semibold text-primary-800">{t('guidebookLists.thumbnail.regenerating')}</p>
        </div>
      ) : null}

      {badges ? <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">{badges}</div> : null}

      <div className="absolute top-3 right-3 z-20 flex gap-2">
        {regenerate && !qrShown ? (
          <Tooltip content={t(busy ? 'guidebookLists.thumbnail.regenerating' : 'guidebookLists.thumbnail.regenerate')}>
            {/* aria-disabled rather than disabled while busy: a disabled button cannot keep focus or show its tooltip. */}
            <button
              type="button"
              aria-disabled={busy}
              aria-busy={busy}
              aria-label={t('guidebookLists.thumbnail.regenerate')}
              onClick={(event) => {
                event.preventDefault();
                regeneration.regenerate();
              }}
              className={cx(overlayButton, busy ? overlayButtonLooks.off : overlayButtonLooks.idle)}
            >
              <RefreshCw className={cx('size-4', busy && 'animate-spin')} aria-hidden="true" />
            </button>
          </Tooltip>
        ) : null}
        <button
          type="button"
          aria-pressed={qrShown}
          aria-controls={overlayId}
          aria-label={t('guidebookLists.actions.qrOf', { title })}
          title={t('guidebookLists.actions.qr')}
          onClick={() => setQrShown((shown) => !shown)}
          className={cx(overlayButton, qrShown ? overlayButtonLooks.pressed : overlayButtonLooks.idle)}
        >
          {qrShown ? <X className="size-4" aria-hidden="true" /> : <QrCode className="size-4" aria-hidden="true" />}
        </button>
      </div>

      <div id={overlayId} hidden={!qrShown} className="absolute inset-0 z-10 bg-white">
        {qrShown ? (
          guidebook.published ? (
            <div className="flex size-full flex-col items-center justify-center gap-2 p-3">
              <QRCodeSVG
                value={publicUrlOf(guidebook.uuid)}
                size={CARD_QR_SIZE}
                level="H"
                role="img"
                aria-label={t('guidebookLists.qr.imageLabel', { title })}
              />
              <p className="text-xs text-neutral-600">{t('guidebookLists.qr.scanHint')}</p>
            </div>
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-3 px-8 text-center">
              <Lock className="size-6 text-neutral-500" aria-hidden="true" />
              <p className="text-sm font-semibold text-neutral-800">{t('guidebookLists.qr.unpublishedTitle')}</p>
              <p className="text-xs text-balance text-neutral-600">{t('guidebookLists.qr.unpublishedDescription')}</p>
            </div>
          )
        ) : null}
      </div>
    </div>
  );
}
