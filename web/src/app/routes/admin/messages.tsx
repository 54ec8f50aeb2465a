import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_AUDIENCES, MESSAGE_TYPES, type MessageAudience, type MessageType } from '@pocketguide/contracts';
import { AdminMessageForm } from '../../../features/messages/components/admin-message-form.tsx';
import { AdminMessageList } from '../../../features/messages/components/admin-message-list.tsx';
import { useLastMessageWrite, type AdminMessageFilters } from '../../../features/messages/api/messages.ts';
import { paths } from '../../paths.ts';
import { AuditTimeline } from '../../../features/audit/index.ts';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | 'all' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : 'all';

/** /admin/messages: filters and page in the address, so a refresh or a shared link keeps them. */
export function AdminMessagesRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filters: AdminMessageFilters = {
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
    users: oneOf<MessageAudience>(MESSAGE_AUDIENCES, search.get('users')),
    type: oneOf<MessageType>(MESSAGE_TYPES, search.get('type')),
  };
  return (
    <>
      <title>{`${t('messages.admin.title')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-6">
        <header>
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('messages.admin.title')}</h1>
          <p className="mt-1.5 text-base text-neutral-600">{t('messages.admin.description')}</p>
        </header>
        <AdminMessageList
          filters={filters}
          onFiltersChange={(next) => {
            const merged = { ...filters, ...next };
            const query: Record<string, string> = {};
            if (merged.page > 1) query.page = String(merged.page);
            if (merged.users !== 'all') query.users = merged.users;
            if (merged.type !== 'all') query.type = merged.type;
            setSearch(query);
          }}
          createHref={paths.adminMessageCreate.getHref()}
          editHref={paths.adminMessage.getHref}
        />
      </div>
    </>
  );
}

export function AdminMessageCreateRoute() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('messages.admin.form.createTitle')} · ${t('app.name')}`}</title>
      <AdminMessageForm
        messageId={null}
        listHref={paths.adminMessages.getHref()}
        editHref={paths.adminMessage.getHref}
      />
    </>
  );
}

export function AdminMessageEditRoute() {
  const { t } = useTranslation();
  const { messageId = '' } = useParams();
  const lastWrite = useLastMessageWrite(messageId);
  return (
    <>
      <title>{`${t('messages.admin.form.editTitle')} · ${t('app.name')}`}</title>
      <AdminMessageForm
        key={messageId}
        messageId={messageId}
        listHref={paths.adminMessages.getHref()}
        editHref={paths.adminMessage.getHref}
      />
      <div className="mt-8">
        <AuditTimeline subject="message" id={messageId} {...(lastWrite === undefined ? {} : { after: lastWrite })} />
      </div>
    </>
  );
}
