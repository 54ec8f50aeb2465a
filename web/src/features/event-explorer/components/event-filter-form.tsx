import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { EventFilters } from '../api/events.ts';

/** `2026-11-25T21:30` in the reader's time zone, for a datetime-local field, from an ISO instant (and back). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The explorer's filters: type(s), stream, actor, time range. Applied on submit, kept in the URL by the page. */
export function EventFilterForm({ value, onApply }: { value: EventFilters; onApply: (filters: EventFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({
    type: value.type ?? '',
    stream: value.stream ?? '',
    actor: value.actor ?? '',
    from: toLocalInput(value.from),
    to: toLocalInput(value.to),
  });
  const set = (key: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filters: EventFilters = {};
    if (draft.type.trim()) filters.type = draft.type.trim();
    if (draft.stream.trim()) filters.stream = draft.stream.trim();
    if (draft.actor.trim()) filters.actor = draft.actor.trim();
    const from = fromLocalInput(draft.from);
    const to = fromLocalInput(draft.to);
    if (from) filters.from = from;
    if (to) filters.to = to;
    onApply(filters);
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-card border border-neutral-200 bg-white p-4 shadow-raised sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
      role="search"
      aria-label={t('eventExplorer.title')}
    >
      <TextField
        label={t('eventExplorer.filters.type')}
        hint={t('eventExplorer.filters.typeHint')}
        value={draft.type}
        onChange={set('type')}
        name="type"
        placeholder="GuidebookEdited"
      />
      <TextField
        label={t('eventExplorer.filters.stream')}
        value={draft.stream}
        onChange={set('stream')}
        name="stream"
        placeholder="guidebook-…"
      />
      <TextField label={t('eventExplorer.filters.actor')} value={draft.actor} onChange={set('actor')} name="actor" />
      <TextField
        label={t('eventExplorer.filters.from')}
        type="datetime-local"
        value={draft.from}
        onChange={set('from')}
        name="from"
      />
      <TextField
        label={t('eventExplorer.filters.to')}
        type="datetime-local"
        value={draft.to}
        onChange={set('to')}
        name="to"
      />
      <div className="flex items-end gap-2 pb-0.5 lg:pt-6">
        <Button type="submit" icon={<Search className="size-4" />}>
          {t('eventExplorer.filters.apply')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft({ type: '', stream: '', actor: '', from: '', to: '' });
            onApply({});
          }}
        >
          {t('eventExplorer.filters.reset')}
        </Button>
      </div>
    </form>
  );
}
