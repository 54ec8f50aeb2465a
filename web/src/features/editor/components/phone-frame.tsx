import { forwardRef, type ReactNode } from 'react';
import { MOBILE_WIDTH } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';

/**
 * The phone the guidebook is edited in: exactly the readers' width (435 px), so what the author sees is what
 * readers get. The frame is chrome; the screen inside is the viewer's page. On a screen narrower than that (a phone)
 * the frame is as wide as the screen, as the readers' page is on that phone.
 */
export const PhoneFrame = forwardRef<HTMLDivElement, { label: string; children: ReactNode; className?: string }>(
  function PhoneFrame({ label, children, className }, ref) {
    return (
      <div
        ref={ref}
        role="region"
        aria-label={label}
        data-editor-surface
        style={{ width: MOBILE_WIDTH + 2 }}
        // never wider than the screen: on a phone the frame is the screen (no rounded corners, no sides)
        className={cx(
          'relative max-w-full shrink-0 overflow-hidden border-y border-neutral-300 bg-white sm:rounded-[28px] sm:border-x sm:shadow-raised',
          className,
        )}
      >
        <div className="flex min-h-[760px] flex-col text-base text-neutral-800 [word-break:keep-all] [overflow-wrap:anywhere]">
          {children}
        </div>
      </div>
    );
  },
);
