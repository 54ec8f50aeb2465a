import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Plus } from 'lucide-react';
import { createGuidebookBodySchema, GUIDEBOOK_TITLE_MAX, type CommandAccepted } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError, isNetworkError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useCreateGuidebook } from '../api/create-guidebook.ts';

type CreateGuidebookFormProps = {
  /** Gets the command's answer, whose position lets the list read this write. */
  onCreated: (accepted: CommandAccepted) => void;
};

export function CreateGuidebookForm({ onCreated }: CreateGuidebookFormProps) {
  const { t, i18n } = useTranslation();
  const describeError = useErrorMessage();
  const inputRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string>();

  const createGuidebook = useCreateGuidebook({
    onSuccess: (accepted, body) => {
      onCreated(accepted);
      setTitle('');
      toast.success(t('guidebooks.form.created', { title: body.title }));
      inputRef.current?.focus();
    },
  });

  const showTitleError = (message: string) => {
    setTitleError(message);
    inputRef.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createGuidebook.isPending) return;
    // The same schema the server parses, so what passes here passes there.
    const parsed = createGuidebookBodySchema.safeParse({ title });
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
      showTitleError(
        tooLong ? t('guidebooks.validation.titleTooLong', { max: GUIDEBOOK_TITLE_MAX }) : t('guidebooks.validation.titleRequired'),
      );
      return;
    }
    createGuidebook.mutate(parsed.data, {
      onError: (error) => {
        const serverMessage = isApiError(error) ? error.fieldError('title') : undefined;
        if (serverMessage) showTitleError(i18n.language === 'en' ? serverMessage : t('guidebooks.validation.titleInvalid'));
      },
    });
  };

  const failure = createGuidebook.error;
  // Field errors sit on the field and an unreachable server has its own page; anything else is a banner here.
  const showBanner =
    failure !== null && !isNetworkError(failure) && !(isApiError(failure) && failure.fieldError('title'));

  return (
    <section
      aria-labelledby="create-guidebook-heading"
      className="rounded-card border border-neutral-200 bg-white p-5 shadow-raised sm:p-6"
    >
      <h2 id="create-guidebook-heading" className="text-lg font-bold text-neutral-900">
        {t('guidebooks.form.heading')}
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          ref={inputRef}
          className="flex-1"
          name="title"
          label={t('guidebooks.form.titleLabel')}
          placeholder={t('guidebooks.form.titlePlaceholder')}
          hint={t('guidebooks.form.titleHint')}
          error={titleError}
          value={title}
          maxLength={GUIDEBOOK_TITLE_MAX}
          autoComplete="off"
          enterKeyHint="done"
          onChange={(event) => {
            setTitle(event.target.value);
            if (titleError) setTitleError(undefined);
          }}
        />
        <Button
          type="submit"
          className="w-full sm:mt-7.5 sm:w-auto"
          loading={createGuidebook.isPending}
          icon={<Plus className="size-4.5" aria-hidden="true" />}
        >
          {createGuidebook.isPending ? t('guidebooks.form.submitting') : t('guidebooks.form.submit')}
        </Button>
      </form>
      {showBanner ? (
        <Banner tone="alert" className="mt-4">
          {describeError(failure)}
        </Banner>
      ) : null}
    </section>
  );
}
