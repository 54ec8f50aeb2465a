import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/button.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { setGuidebookPassword } from '../api/guidebook-settings.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useEditor, useEditorState } from '../editor-context.tsx';
import { SideSheet } from './side-sheet.tsx';

/** The settings panel (spec §2): a 500 px sheet from the right with the guidebook's password and Save. */
export function SettingsSheet({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  return (
    <SideSheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('editor.settings.title')}
      description={t('editor.settings.description')}
      width={500}
    >
      {open ? <SettingsForm onDone={() => onOpenChange(false)} /> : null}
    </SideSheet>
  );
}

function SettingsForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { store, api } = useEditor();
  const guidebookId = useEditorState((state) => state.guidebookId);
  const current = useEditorState((state) => state.settings?.password ?? '');
  const inGallery = useEditorState((state) => state.settings?.isPublicGallery ?? false);
  const [password, setPassword] = useState(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  if (!guidebookId) return <p className="text-sm text-neutral-600">{t('editor.settings.needsSave')}</p>;
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
          const answer = await setGuidebookPassword(api, guidebookId, password.trim());
          store.setSettings({ password: password.trim(), hasPassword: answer.hasPassword });
          if (answer.revision !== undefined)
            store.serverChanged({ from: answer.revision - 1, to: answer.revision, patches: [] });
          toast.success(t(answer.hasPassword ? 'editor.toast.passwordSaved' : 'editor.toast.passwordRemoved'));
          onDone();
        } catch (caught) {
          setError(errorMessage(caught));
        } finally {
          setBusy(false);
        }
      }}
    >
      <PasswordField
        label={t('editor.settings.password')}
        hint={t('editor.settings.passwordHint')}
        value={password}
        error={error}
        autoComplete="new-password"
        maxLength={100}
        onChange={(event) => setPassword(event.target.value)}
      />
      {inGallery && password.trim() !== '' ? (
        <p
          role="status"
          className="rounded-control bg-warning-50 px-3 py-2 text-sm text-warning-700"
          data-gallery-password-warning
        >
          {t('editor.settings.galleryWarning')}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          {t('editor.settings.save')}
        </Button>
      </div>
    </form>
  );
}
