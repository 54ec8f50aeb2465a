import { shareSheetHtml } from '@pocketguide/contracts/viewer/render-viewer';
import type { ViewerTexts } from '@pocketguide/contracts/viewer/viewer-texts';
import { withReadingSource } from '@pocketguide/contracts/insights/reading-shapes';
import { kakaoKey, shareOnKakao } from './kakao.ts';

/**
 * The share sheet (spec 1 §8): the public address, copy-link with the clipboard API and then the legacy
 * `execCommand('copy')`, 'Address copied to clipboard' for 2 seconds, and the QR code drawn by the server
 * (`/api/viewer/{uuid}/qr.svg`, 200 px, level H), so no QR encoder ships in this bundle. With a Kakao key in the
 * page, a KakaoTalk button (issue 24): it shares the address with `?src=kakao` (kakao.ts).
 */

const COPIED_NOTICE_MS = 2000;

async function copyText(text: string, input: HTMLInputElement): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, an insecure page): try the old way.
  }
  try {
    input.focus();
    input.select();
    input.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** `shareUrl`: the reader's address without a source; the link copied gets `?src=link`, KakaoTalk's `?src=kakao`. */
export function openShareSheet(options: { shareUrl: string; qrSrc: string | null; texts: ViewerTexts }): void {
  if (document.querySelector('.pg-sheet-layer')) return;
  const kakao = kakaoKey();
  const linkUrl = withReadingSource(options.shareUrl, 'link');
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const layer = document.createElement('div');
  layer.className = 'pg-sheet-layer';
  layer.innerHTML = shareSheetHtml(linkUrl, options.qrSrc, options.texts, kakao !== null);
  document.body.append(layer);
  const input = layer.querySelector<HTMLInputElement>('.pg-share-url');
  const note = layer.querySelector<HTMLElement>('.pg-sheet-note');
  let timer: ReturnType<typeof setTimeout> | undefined;

  const close = () => {
    clearTimeout(timer);
    document.removeEventListener('keydown', onKey);
    layer.remove();
    opener?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
    // Keep the focus inside the sheet while it is open.
    if (event.key === 'Tab') {
      const focusable = [...layer.querySelectorAll<HTMLElement>('button, input')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };
  document.addEventListener('keydown', onKey);

  layer.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-action]') : null;
    if (!target) return;
    if (target.dataset.action === 'close-share') close();
    if (target.dataset.action === 'kakao' && kakao !== null && note) {
      void shareOnKakao(kakao, withReadingSource(options.shareUrl, 'kakao')).then((shared) => {
        if (!shared) note.textContent = options.texts.kakaoFailed;
      });
    }
    if (target.dataset.action === 'copy' && input && note) {
      void copyText(linkUrl, input).then((copied) => {
        if (!copied) {
          window.alert(`${options.texts.copyManually}\n${linkUrl}`);
          return;
        }
        note.textContent = options.texts.copied;
        clearTimeout(timer);
        timer = setTimeout(() => (note.textContent = ''), COPIED_NOTICE_MS);
      });
    }
  });
  layer.querySelector<HTMLElement>('[data-action="copy"]')?.focus();
}
