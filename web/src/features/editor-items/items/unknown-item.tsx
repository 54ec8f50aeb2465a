import { useTranslation } from 'react-i18next';
import { CircleHelp } from 'lucide-react';

/** What an item of a type this app does not know shows, in both modes (spec §3: "an unknown type shows a placeholder"). */
export function UnknownItem({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      className="mx-4 my-2 flex items-center gap-2 rounded-control border border-dashed border-neutral-300 bg-neutral-50 px-3 py-3 text-sm text-neutral-600"
    >
      <CircleHelp className="size-4 shrink-0" aria-hidden="true" />
      <span>{t('editorItems.unknown', { type })}</span>
    </div>
  );
}
