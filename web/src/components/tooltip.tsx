import type { ReactElement, ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';

type TooltipProps = {
  content: ReactNode;
  /** one focusable element; it keeps its own accessible name, the tooltip adds a description */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

/** A short hint on hover and keyboard focus (Radix: Escape closes it, it describes its trigger). */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-64 rounded-control bg-neutral-900 px-3 py-1.5 text-xs font-semibold text-white shadow-raised"
          >
            {content}
            <RadixTooltip.Arrow className="fill-neutral-900" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
