import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { toast } from 'sonner';
import { Copy, Download, ExternalLink, Lock } from 'lucide-react';
import { Dialog } from '../../../components/dialog.tsx';
import { cx } from '../../../lib/class-names.ts';
import { copyText } from '../copy-text.ts';
import { publicUrlOf, type ListedGuidebook } from '../listed-guidebook.ts';
import { useTitleOf } from '../use-title-of.ts';

/** Spec 1 §9: the list popup's QR code is 275 px. */
export const LIST_QR_SIZE = 275;

const action =
  'inline-flex h-11 items-center justify-center gap-1.5 rounded-control px-3 text-sm font-semibold whitespace-nowrap transition-colors';
const secondary = 'border border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-50';

type QrCodeDialogProps = {
  guidebook: ListedGuidebook | null;
  onClose: () => void;
  /** the editor's address of a guidebook, where an unpublished one can be published */
  editHref: (guidebookId: string) => string;
};

/**
 * The QR button's popup: the code of the public address `{origin}/m/{uuid}` with copy, save and open. Only a
 * published guidebook has a public address that works, so an unpublished one gets an explanation instead.
 */
export function QrCodeDialog({ guidebook, onClose, editHref }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const titleOf = useTitleOf();
  const qrRef = useRef<SVGSVGElement>(null);
  // What is shown and opened is the plain address; what is scanned and copied says where readers will come from.
  const url = guidebook ? publicUrlOf(guidebook.uuid) : '';
  const qrUrl = guidebook ? publicUrlOf(guidebook.uuid, undefined, 'qr') : '';
  const linkUrl = guidebook ? publicUrlOf(guidebook.uuid, undefined, 'link') : '';
  const title = guidebook ? titleOf(guidebook) : '';

  const copy = async () => {
    if (await copyText(linkUrl)) toast.success(t('guidebookLists.qr.copied'), { duration: 2000 });
    else window.alert(t('guidebookLists.qr.copyFailed', { url: linkUrl }));
  };

  const save = async () => {
    if (!qrRef.current) return;
    try {
      await downloadPng(qrRef.current, `${fileNameOf(title)}-QR.png`);
    } catch {
      toast.error(t('guidebookLists.qr.saveFailed'));
    }
  };

  return (
    <Dialog
      open={guidebook !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('guidebookLists.qr.title')}
      description={title}
    >
      {guidebook?.published ? (
        <div className="flex flex-col items-center gap-5">
          <div className="rounded-card border border-neutral-200 bg-white p-3">
            <QRCodeSVG
              ref={qrRef}
              value={qrUrl}
              size={LIST_QR_SIZE}
              marginSize={2}
              role="img"
              aria-label={t('guidebookLists.qr.imageLabel', { title })}
              className="block max-w-full"
            />
          </div>
          <p
            className="w-full rounded-control bg-neutral-50 px-3 py-2 text-center text-sm break-all text-neutral-700"
            translate="no"
          >
            {url}
          </p>
          <div className="grid w-full grid-cols-1 gap-2 sm:grid-cols-3">
            <button
              type="button"
              onClick={() => void copy()}
              className={cx(action, 'bg-primary-600 text-white hover:bg-primary-700')}
            >
              <Copy className="size-4" aria-hidden="true" />
              {t('guidebookLists.qr.copy')}
            </button>
            <button type="button" onClick={() => void save()} className={cx(action, secondary)}>
              <Download className="size-4" aria-hidden="true" />
              {t('guidebookLists.qr.save')}
            </button>
            <a href={url} target="_blank" rel="noopener noreferrer" className={cx(action, secondary)}>
              <ExternalLink className="size-4" aria-hidden="true" />
              {t('guidebookLists.qr.open')}
            </a>
          </div>
        </div>
      ) : guidebook ? (
        <div className="flex flex-col items-center gap-3 px-2 pb-2 text-center">
          <span
            className="flex size-14 items-center justify-center rounded-full bg-neutral-100 text-neutral-600"
            aria-hidden="true"
          >
            <Lock className="size-6" />
          </span>
          <p className="text-base font-semibold text-neutral-900">{t('guidebookLists.qr.unpublishedTitle')}</p>
          <p className="max-w-xs text-sm text-balance text-neutral-600">
            {t('guidebookLists.qr.unpublishedDescription')}
          </p>
          <Link
            to={editHref(guidebook._id)}
            className="mt-3 inline-flex h-10 items-center rounded-control bg-primary-600 px-4 text-sm font-semibold text-white hover:bg-primary-700"
          >
            {t('guidebookLists.qr.openEditor')}
          </Link>
        </div>
      ) : null}
    </Dialog>
  );
}

/** Characters file systems refuse, taken out of a guidebook title used as a file name. */
function fileNameOf(title: string): string {
  return (
    title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .trim()
      .slice(0, 80) || 'guidebook'
  );
}

/** Draws the QR code's SVG at twice its size on a canvas and saves it as a PNG (crisp enough to print). */
async function downloadPng(svg: SVGSVGElement, fileName: string): Promise<void> {
  const scale = 2;
  const size = svg.width.baseVal.value || LIST_QR_SIZE;
  const source = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size * scale;
  canvas.height = size * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.imageSmoothingEnabled = false;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('no image');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
