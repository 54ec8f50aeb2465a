import type { MouseEvent, ReactNode } from 'react';
import { PREVIEW_WINDOW } from '@pocketguide/contracts';

type PreviewLinkProps = {
  href: string;
  /** the accessible name, e.g. "Preview ‘Jeju’" */
  label: string;
  children: ReactNode;
  className?: string;
};

/**
 * Opens the preview in a phone-sized popup window, 435×700 from the lists (spec 1 §2). It is a real link, so a
 * blocked popup, a middle click or "open in new tab" still reach the preview.
 */
export function PreviewLink({ href, label, children, className }: PreviewLinkProps) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const features = `popup=yes,width=${PREVIEW_WINDOW.width},height=${PREVIEW_WINDOW.heightFromLists}`;
    const popup = window.open(href, 'pocketguide-preview', features);
    if (popup) {
      event.preventDefault();
      popup.focus();
    }
  };
  return (
    <a href={href} target="_blank" rel="noopener" aria-label={label} title={label} onClick={open} className={className}>
      {children}
    </a>
  );
}
