import { useTranslation } from 'react-i18next';
import {
  BarChart3,
  BookOpen,
  Images,
  LayoutDashboard,
  Mail,
  MessageSquareText,
  ScrollText,
  Shapes,
  Users,
  Wallet,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { paths } from '../paths.ts';

export type NavItem = { key: string; label: string; href: string; Icon: LucideIcon };

/** The role's menu (spec 3 §2.10): people see their guidebooks, icons and the gallery; administrators the back office. */
export function useNavItems(isAdmin: boolean): NavItem[] {
  const { t } = useTranslation();
  if (isAdmin) {
    return [
      {
        key: 'dashboard',
        label: t('nav.admin.dashboard'),
        href: paths.adminDashboard.getHref(),
        Icon: LayoutDashboard,
      },
      { key: 'guidebooks', label: t('nav.admin.guidebooks'), href: paths.adminGuidebooks.getHref(), Icon: BookOpen },
      { key: 'insights', label: t('insights.open'), href: paths.adminInsights.getHref(), Icon: BarChart3 },
      { key: 'icons', label: t('nav.admin.icons'), href: paths.adminIcons.getHref(), Icon: Shapes },
      { key: 'users', label: t('nav.admin.users'), href: paths.adminUsers.getHref(), Icon: Users },
      { key: 'payments', label: t('nav.admin.payments'), href: paths.adminPayments.getHref(), Icon: Wallet },
      { key: 'messages', label: t('nav.admin.messages'), href: paths.adminMessages.getHref(), Icon: Mail },
      { key: 'feedback', label: t('nav.admin.feedback'), href: paths.adminFeedback.getHref(), Icon: MessageSquareText },
      { key: 'events', label: t('eventExplorer.nav'), href: paths.adminEvents.getHref(), Icon: ScrollText },
    ];
  }
  return [
    { key: 'guidebooks', label: t('nav.guidebooks'), href: paths.guidebooks.getHref(), Icon: BookOpen },
    { key: 'icons', label: t('nav.icons'), href: paths.icons.getHref(), Icon: Shapes },
    { key: 'gallery', label: t('nav.gallery'), href: paths.publicGuidebooks.getHref(), Icon: Images },
  ];
}
