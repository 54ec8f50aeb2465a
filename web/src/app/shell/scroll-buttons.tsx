import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp } from 'lucide-react';

/** Spec 1 §9: the buttons appear once the page is 100 px away from its top (or bottom). */
const THRESHOLD_PX = 100;
/** Tailwind's `sm`: from this width up the buttons show (`hidden sm:flex` below). */
const WIDE_PX = 640;
const NOWHERE = { awayFromTop: false, awayFromBottom: false };

export function ScrollButtons() {
  const { t } = useTranslation();
  const [position, setPosition] = useState(NOWHERE);

  useEffect(() => {
    // Phones have no buttons (below), so nothing to measure there. Elsewhere the page is measured in the next frame,
    // when its layout is done anyway: reading it at once, right after React has changed it, would make the browser
    // lay the whole page out there and then, inside the app's own task (issue 20: a long task on a first load).
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(`(min-width: ${WIDE_PX}px)`) : undefined;
    let frame = 0;
    const measureNow = () => {
      frame = 0;
      if (wide && !wide.matches) {
        setPosition(NOWHERE);
        return;
      }
      const { scrollY, innerHeight } = window;
      const height = document.documentElement.scrollHeight;
      const awayFromTop = scrollY > THRESHOLD_PX;
      const awayFromBottom = height - (scrollY + innerHeight) > THRESHOLD_PX;
      setPosition((current) =>
        current.awayFromTop === awayFromTop && current.awayFromBottom === awayFromBottom
          ? current
          : { awayFromTop, awayFromBottom },
      );
    };
    const measure = () => {
      if (frame === 0) frame = requestAnimationFrame(measureNow);
    };
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    // Content that grows after a load changes the distance to the bottom without a scroll.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);

  const scrollTo = (top: number) => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top, behavior: reduced ? 'auto' : 'smooth' });
  };

  if (!position.awayFromTop && !position.awayFromBottom) return null;
  const button =
    'flex size-10 items-center justify-center rounded-full border border-neutral-200 bg-white text-neutral-700 shadow-raised hover:bg-neutral-50 hover:text-neutral-900';
  return (
    // Not on phones: there a flick scrolls as fast, and a floating button would sit over the text being read.
    <div className="fixed right-6 bottom-6 z-30 hidden flex-col gap-2 sm:flex">
      {position.awayFromTop ? (
        <button type="button" className={button} aria-label={t('scroll.toTop')} onClick={() => scrollTo(0)}>
          <ArrowUp className="size-4.5" aria-hidden="true" />
        </button>
      ) : null}
      {position.awayFromBottom ? (
        <button
          type="button"
          className={button}
          aria-label={t('scroll.toBottom')}
          onClick={() => scrollTo(document.documentElement.scrollHeight)}
        >
          <ArrowDown className="size-4.5" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
