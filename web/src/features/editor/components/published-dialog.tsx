import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { toast } from 'sonner';
import { Copy, ExternalLink } from 'lucide-react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { copyText } from '../copy-text.ts';
import { withReadingSource } from '@pocketguide/contracts/insights/reading-shapes';
import { shareOnKakao, useKakaoAppKey } from '../../../lib/kakao.ts';

/** The same size and error level as a card's QR code (spec 1 §9): readable from a phone held at arm's length. */
export const PUBLISHED_QR_SIZE = 200;

/**
 * What publishing is for, shown the moment it succeeds: the reader link with a copy button, and its QR code, so
 * the author can share the guidebook without looking for "Get URL".
 */
export function PublishedDialog({
  open,
  url,
  title,
  onOpenChange,
}: {
  open: boolean;
  url: string;
  title: string;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  // a KakaoTalk button only when the server has a Kakao key (issue 24); its shares are counted as from KakaoTalk
  const kakaoKey = useKakaoAppKey(open);
  const [kakaoFailed, setKakaoFailed] = useState(false);
  const shareKakao = async (key: string) => setKakaoFailed(!(await shareOnKakao(key, withReadingSource(url, 'kakao'))));

  const copy = async () => {
    if (await copyText(url, field.current)) {
      setCopyFailed(false);
      toast.success(t('editor.toast.addressCopied'), { duration: 2000 });
    } else setCopyFailed(true);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setCopyFailed(false);
          setKakaoFailed(false);
        }
        onOpenChange(next);
      }}
      title={t('editor.published.title')}
      description={t('editor.published.description')}
      footer={<Button onClick={() => onOpenChange(false)}>{t('editor.confirm.close')}</Button>}
    >
      <div className="flex flex-col items-center gap-4">
        <div className="rounded-card border border-neutral-200 bg-white p-3">
          <QRCodeSVG
            value={url}
            size={PUBLISHED_QR_SIZE}
            level="H"
            marginSize={2}
            role="img"
            aria-label={t('editor.published.qrLabel', { title })}
            className="block max-w-full"
          />
        </div>
        <div className="flex w-full flex-col gap-1.5">
          <label htmlFor="published-url" className="text-sm font-semibold text-neutral-800">
            {t('editor.published.link')}
          </label>
          <div className="flex gap-2">
            <input
              id="published-url"
              ref={field}
              readOnly
              value={url}
              translate="no"
              onFocus={(event) => event.target.select()}
              className="h-11 min-w-0 flex-1 rounded-control border border-neutral-300 bg-neutral-50 px-3 text-sm text-neutral-800"
            />
            <Button onClick={() => void copy()} icon={<Copy className="size-4" aria-hidden="true" />}>
              {t('editor.confirm.copyAddress')}
            </Button>
          </div>
          {copyFailed ? (
            <p role="alert" className="text-sm text-alert-700">
              {t('editor.confirm.clipboardFailed')}
            </p>
          ) : null}
        </div>
        {kakaoKey ? (
          <div className="flex w-full flex-col gap-1.5">
            <button
              type="button"
              data-testid="kakao-share"
              onClick={() => void shareKakao(kakaoKey)}
              className="h-11 w-full rounded-control bg-[#fee500] px-4 text-sm font-semibold text-black/85 hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
            >
              {t('editor.published.kakao')}
            </button>
            {kakaoFailed ? (
              <p role="alert" className="text-sm text-alert-700">
                {t('editor.published.kakaoFailed')}
              </p>
            ) : null}
          </div>
        ) : null}
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary-700 underline-offset-4 hover:underline"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('editor.published.open')}
        </a>
      </div>
    </Dialog>
  );
}
