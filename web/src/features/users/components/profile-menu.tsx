import { useState } from 'react';
import { Link } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Camera, CreditCard, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { Avatar } from '../../../components/avatar.tsx';
import type { Session } from '../../../lib/session.ts';
import { PortraitUploadDialog } from './portrait-upload-dialog.tsx';

type ProfileMenuProps = {
  session: Session;
  settingsHref: string;
  subscriptionHref: string;
  onSignOut: () => void;
};

const itemClass =
  'flex h-10 cursor-pointer items-center gap-3 rounded-control px-3 text-sm text-neutral-800 outline-none select-none ' +
  'data-[highlighted]:bg-neutral-100 data-[highlighted]:text-neutral-900';

/** The header's profile dropdown (spec 2 §2): portrait, plan, admin label, settings, sign out. */
export function ProfileMenu({ session, settingsHref, subscriptionHref, onSignOut }: ProfileMenuProps) {
  const { t } = useTranslation();
  const [portraitOpen, setPortraitOpen] = useState(false);

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          data-profile-menu=""
          className="group flex h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-neutral-700 hover:bg-neutral-100 data-[state=open]:bg-neutral-100"
        >
          <Avatar name={session.name} image={session.image} />
          <span className="hidden max-w-32 truncate text-sm font-semibold lg:inline">{session.name}</span>
          {/* Named by the visible name (when shown) and what it opens: the visible words stay part of its name. */}
          <span className="sr-only"> {t('profileMenu.label')}</span>
          <ChevronDown
            className="size-4 text-neutral-500 transition-transform group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            collisionPadding={12}
            className="z-50 w-72 max-w-[calc(100vw-24px)] rounded-card border border-neutral-200 bg-white p-2 shadow-raised"
          >
            <div className="flex items-center gap-3 px-3 py-3">
              <Avatar
                name={session.name}
                image={session.image}
                alt={t('profileMenu.portraitOf', { name: session.name })}
                size="lg"
              />
              <div className="min-w-0">
                <p className="truncate text-base font-semibold text-neutral-900">{session.name}</p>
                <p className="truncate text-sm text-neutral-500">{session.email}</p>
                {session.companyName ? (
                  <p className="truncate text-xs text-neutral-500">{session.companyName}</p>
                ) : null}
              </div>
            </div>
            {session.isAdmin ? (
              <p className="mx-3 mb-2 inline-flex items-center gap-1.5 rounded-full bg-accent-50 px-2.5 py-1 text-xs font-semibold text-accent-600">
                <ShieldCheck className="size-3.5" aria-hidden="true" />
                {t('profileMenu.systemAdministrator')}
              </p>
            ) : null}
            <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
            <DropdownMenu.Item className={itemClass} onSelect={() => setPortraitOpen(true)}>
              <Camera className="size-4.5 text-neutral-500" aria-hidden="true" />
              {t('profileMenu.editPortrait')}
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={subscriptionHref}>
                <CreditCard className="size-4.5 text-neutral-500" aria-hidden="true" />
                <span className="flex-1">{t('profileMenu.plan')}</span>
                <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-700">
                  {t(`plans.${session.subscriptionType}`)}
                </span>
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={settingsHref}>
                <Settings className="size-4.5 text-neutral-500" aria-hidden="true" />
                {t('profileMenu.settings')}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
            <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
              <LogOut className="size-4.5 text-neutral-500" aria-hidden="true" />
              {t('profileMenu.signOut')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <PortraitUploadDialog userId={session.id} open={portraitOpen} onOpenChange={setPortraitOpen} />
    </>
  );
}
