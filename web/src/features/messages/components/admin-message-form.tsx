import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft } from 'lucide-react';
import {
  MESSAGE_AUDIENCES,
  MESSAGE_TEXT_MAX,
  MESSAGE_TITLE_MAX,
  MESSAGE_TYPES,
  type Message,
  type MessageContent,
} from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useAdminMessage, useDeleteMessage, useWriteMessage } from '../api/messages.ts';
import { MessageStatusLabel } from './admin-message-list.tsx';
import { MessageDateField, toMessageDate } from './message-date-field.tsx';

type AdminMessageFormProps = {
  /** null: a new message (/admin/messages/create) */
  messageId: string | null;
  listHref: string;
  editHref: (messageId: string) => string;
};

/** What the form holds: the English fields always (blank when the message has no English version). */
type FormContent = MessageContent & { titleEn: string; messageEn: string };

const blank = (): FormContent => ({
  title: '',
  message: '',
  titleEn: '',
  messageEn: '',
  type: 'information',
  users: 'all',
  messageDate: toMessageDate(new Date()),
  notification: false,
});
const formOf = (message: Message): FormContent => ({
  title: message.title,
  message: message.message,
  titleEn: message.titleEn ?? '',
  messageEn: message.messageEn ?? '',
  type: message.type,
  users: message.users,
  messageDate: message.messageDate,
  notification: message.notification,
});

/** What is sent: the spec's fields, and the English version only when there is one (a blank one is none). */
function contentOf({ titleEn, messageEn, ...korean }: FormContent): MessageContent {
  return titleEn.trim() !== '' && messageEn.trim() !== '' ? { ...korean, titleEn, messageEn } : korean;
}

type Errors = Partial<Record<'title' | 'message' | 'titleEn' | 'messageEn' | 'messageDate', string>>;

type MessageTextProps = {
  label: string;
  value: string;
  lang: string;
  disabled: boolean;
  error: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
};

/** The message's text in one language: a labelled textarea with its error. */
function MessageText({ label, value, lang, disabled, error, hint, onChange }: MessageTextProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-neutral-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={6}
        lang={lang}
        value={value}
        maxLength={MESSAGE_TEXT_MAX}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-control border border-neutral-300 px-3 py-2 text-base disabled:bg-neutral-50 disabled:text-neutral-500"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-alert-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-neutral-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * /admin/messages/create and /admin/messages/{id} (spec 3 §2.9, §5): title and text in Korean (required) and, in a
 * section of its own, optionally in English (issue 23: English readers see it, everyone else the Korean), type (information by default),
 * recipients (everyone by default), the date (a calendar; YYYY.MM.DD shown, YYYY-MM-DD sent) and the banner flag;
 * Save, Send, Unsend and Delete (behind a confirm). A sent message's words are locked until it is unsent.
 */
export function AdminMessageForm({ messageId, listHref, editHref }: AdminMessageFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const existing = useAdminMessage(messageId);
  const write = useWriteMessage();
  const remove = useDeleteMessage();
  const [content, setContent] = useState<FormContent>(blank);
  const [errors, setErrors] = useState<Errors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  // taking a sent message back hides it from every recipient's bell: asked first, as deleting is
  const [confirmUnsend, setConfirmUnsend] = useState(false);
  const koreanId = useId();
  const englishId = useId();
  const loaded = existing.data;
  useEffect(() => {
    if (loaded) setContent(formOf(loaded));
  }, [loaded]);
  const showing = loaded?.showing ?? false;
  const busy = write.isPending || remove.isPending;

  const set = <K extends keyof FormContent>(key: K, value: FormContent[K]) => {
    setContent((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  function checked(): boolean {
    const found: Errors = {};
    if (content.title.trim() === '') found.title = t('messages.admin.form.required');
    if (content.message.trim() === '') found.message = t('messages.admin.form.required');
    if (content.messageDate === '') found.messageDate = t('messages.admin.form.required');
    // The English version is whole or absent: the missing half is the field at fault.
    const titleEn = content.titleEn.trim() !== '';
    const messageEn = content.messageEn.trim() !== '';
    if (titleEn && !messageEn) found.messageEn = t('messages.admin.form.englishIncomplete');
    if (messageEn && !titleEn) found.titleEn = t('messages.admin.form.englishIncomplete');
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function submit(showingNext: boolean | undefined, done: string) {
    if (!checked()) return;
    try {
      const message = await write.mutateAsync({
        messageId,
        content: contentOf(content),
        ...(showingNext === undefined ? {} : { showing: showingNext }),
      });
      toast.success(
        showingNext === true ? t('messages.admin.form.sent', { count: message.recipientsCount ?? 0 }) : done,
      );
      if (messageId === null) void navigate(editHref(message._id), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error) || t('messages.admin.form.failed'));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <Link
        to={listHref}
        className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('messages.admin.form.back')}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">
          {messageId === null ? t('messages.admin.form.createTitle') : t('messages.admin.form.editTitle')}
        </h1>
        {loaded ? <MessageStatusLabel status={loaded.status} /> : null}
        {loaded?.sentAt && loaded.showing ? (
          <span className="text-sm text-neutral-500">
            {t('messages.admin.form.sentAt', { date: formatDateTime(loaded.sentAt) })} ·{' '}
            {t('messages.admin.form.recipients', { count: loaded.recipientsCount ?? 0 })}
          </span>
        ) : null}
      </header>
      {messageId !== null && existing.isPending ? (
        <p className="text-neutral-500" role="status">
          {t('messages.admin.loading')}
        </p>
      ) : messageId !== null && existing.isError ? (
        <p className="text-alert-600" role="alert">
          {errorMessage(existing.error)}
        </p>
      ) : (
        <form
          className="flex max-w-2xl flex-col gap-5 rounded-card border border-neutral-200 bg-white p-6 shadow-raised"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit(undefined, t('messages.admin.form.saved'));
          }}
        >
          {showing ? (
            <p className="rounded-control bg-warning-50 px-3 py-2 text-sm text-warning-700">
              {t('messages.admin.form.lockedWhileShowing')}
            </p>
          ) : null}
          <section aria-labelledby={koreanId} className="flex flex-col gap-4" data-message-language="ko">
            <h2 id={koreanId} className="text-base font-bold text-neutral-900">
              {t('messages.admin.form.korean')}{' '}
              <span className="text-sm font-normal text-neutral-500">· {t('messages.admin.form.requiredSection')}</span>
            </h2>
            <TextField
              label={t('messages.admin.form.title')}
              lang="ko"
              value={content.title}
              maxLength={MESSAGE_TITLE_MAX}
              disabled={showing}
              error={errors.title}
              onChange={(event) => set('title', event.target.value)}
            />
            <MessageText
              label={t('messages.admin.form.message')}
              lang="ko"
              value={content.message}
              disabled={showing}
              error={errors.message}
              onChange={(value) => set('message', value)}
            />
          </section>
          <section
            aria-labelledby={englishId}
            aria-describedby={`${englishId}-hint`}
            className="flex flex-col gap-4 rounded-control bg-neutral-50 p-4"
            data-message-language="en"
          >
            <div className="flex flex-col gap-1">
              <h2 id={englishId} className="text-base font-bold text-neutral-900">
                {t('messages.admin.form.english')}{' '}
                <span className="text-sm font-normal text-neutral-500">
                  · {t('messages.admin.form.optionalSection')}
                </span>
              </h2>
              <p id={`${englishId}-hint`} className="text-sm text-neutral-600">
                {t('messages.admin.form.englishHint')}
              </p>
            </div>
            <TextField
              label={t('messages.admin.form.titleEn')}
              lang="en"
              value={content.titleEn}
              maxLength={MESSAGE_TITLE_MAX}
              disabled={showing}
              error={errors.titleEn}
              onChange={(event) => set('titleEn', event.target.value)}
            />
            <MessageText
              label={t('messages.admin.form.messageEn')}
              lang="en"
              value={content.messageEn}
              disabled={showing}
              error={errors.messageEn}
              onChange={(value) => set('messageEn', value)}
            />
          </section>
          <div className="grid gap-4 sm:grid-cols-3">
            <label className="flex flex-col gap-1.5 text-sm font-semibold text-neutral-800">
              {t('messages.admin.form.type')}
              <select
                className="h-11 rounded-control border border-neutral-300 bg-white px-3 text-base font-normal"
                value={content.type}
                disabled={showing}
                onChange={(event) => set('type', event.target.value as FormContent['type'])}
              >
                {MESSAGE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`messages.types.${type}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1.5 text-sm font-semibold text-neutral-800">
              {t('messages.admin.form.users')}
              <select
                className="h-11 rounded-control border border-neutral-300 bg-white px-3 text-base font-normal"
                value={content.users}
                disabled={showing}
                onChange={(event) => set('users', event.target.value as FormContent['users'])}
              >
                {MESSAGE_AUDIENCES.map((audience) => (
                  <option key={audience} value={audience}>
                    {t(`messages.admin.audiences.${audience}`)}
                  </option>
                ))}
              </select>
            </label>
            <MessageDateField
              value={content.messageDate}
              disabled={showing}
              error={errors.messageDate}
              onChange={(value) => set('messageDate', value)}
            />
          </div>
          <label className="flex items-start gap-2 text-sm text-neutral-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={content.notification}
              disabled={showing}
              onChange={(event) => set('notification', event.target.checked)}
            />
            <span>
              <span className="font-semibold">{t('messages.admin.form.notification')}</span>
              <span className="block text-neutral-500">{t('messages.admin.form.notificationHint')}</span>
            </span>
          </label>
          <div className="flex flex-wrap gap-2 border-t border-neutral-100 pt-5">
            <Button type="submit" variant="secondary" disabled={busy || showing}>
              {t('messages.admin.form.save')}
            </Button>
            {showing ? (
              <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirmUnsend(true)}>
                {t('messages.admin.form.unsend')}
              </Button>
            ) : (
              <Button
                type="button"
                variant="accent"
                disabled={busy}
                onClick={() => void submit(true, t('messages.admin.form.sent', { count: 0 }))}
              >
                {t('messages.admin.form.send')}
              </Button>
            )}
            {messageId !== null ? (
              <Button
                type="button"
                variant="ghost"
                className="ml-auto text-alert-600"
                disabled={busy}
                onClick={() => setConfirmDelete(true)}
              >
                {t('messages.admin.form.delete')}
              </Button>
            ) : null}
          </div>
        </form>
      )}
      {showing ? (
        <ConfirmDialog
          open={confirmUnsend}
          onOpenChange={setConfirmUnsend}
          title={t('messages.admin.form.unsend')}
          message={t('messages.admin.form.unsendConfirm')}
          confirmLabel={t('messages.admin.form.unsend')}
          tone="accent"
          onConfirm={() => submit(false, t('messages.admin.form.unsent'))}
        />
      ) : null}
      {messageId !== null ? (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={t('messages.admin.form.delete')}
          message={t('messages.admin.form.deleteConfirm')}
          confirmLabel={t('messages.admin.form.delete')}
          tone="accent"
          onConfirm={async () => {
            try {
              await remove.mutateAsync(messageId);
              toast.success(t('messages.admin.form.deleted'));
              void navigate(listHref, { replace: true });
            } catch (error) {
              toast.error(errorMessage(error));
            }
          }}
        />
      ) : null}
    </div>
  );
}
