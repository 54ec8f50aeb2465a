/** Every route the web knows, in one place; screens link through `getHref` rather than spelling paths out. */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  login: {
    path: 'login',
    getHref: ({ verified = false, panel }: { verified?: boolean; panel?: 'forgot' | 'resend' } = {}) => {
      const query = new URLSearchParams();
      if (verified) query.set('verified', '1');
      if (panel) query.set(panel, '1');
      const search = query.toString();
      return `/login${search ? `?${search}` : ''}`;
    },
  },
  /** Where Kakao's login page returns with a code (issue 24; the Kakao app's registered Redirect URI). */
  kakaoReturn: {
    path: 'login/kakao',
    getHref: () => '/login/kakao',
  },
  signup: {
    path: 'signup',
    getHref: () => '/signup',
  },
  /** The terms of service and the privacy policy the signup form asks consent to (issue 11). */
  terms: {
    path: 'terms',
    getHref: () => '/terms',
  },
  privacy: {
    path: 'privacy',
    getHref: () => '/privacy',
  },
  resetPassword: {
    path: 'reset-password/:token',
    /** the page a reset mail links to, as `{base}/{token}` */
    base: '/reset-password',
    getHref: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  },
  activate: {
    path: 'users/activate/:email/:hash',
    getHref: (email: string, hash: string) => `/users/activate/${encodeURIComponent(email)}/${encodeURIComponent(hash)}`,
  },
  /** Spec 3 §2.1: replaces the history entry with the rest of the path (used on a language switch). */
  refresh: {
    path: 'refresh/*',
    getHref: (pathname: string, search = '') => `/refresh${pathname.startsWith('/') ? pathname : `/${pathname}`}${search}`,
  },
  guidebooks: {
    path: 'guidebooks',
    getHref: () => '/guidebooks',
  },
  guidebooksRecent: {
    path: 'guidebooks/recent',
    getHref: () => '/guidebooks/recent',
  },
  guidebooksCreate: {
    path: 'guidebooks/create',
    getHref: () => '/guidebooks/create',
  },
  guidebooksSample: {
    path: 'guidebooks/sample',
    getHref: () => '/guidebooks/sample',
  },
  guidebookEdit: {
    path: 'guidebooks/edit/:guidebookId',
    getHref: (guidebookId: string) => `/guidebooks/edit/${encodeURIComponent(guidebookId)}`,
  },
  /** A content page of the editor, below `guidebookEdit` (or below create / sample for an unsaved guidebook). */
  guidebookContent: {
    path: 'contents/:contentId',
    getHref: (guidebookId: string, contentId: string) =>
      `/guidebooks/edit/${encodeURIComponent(guidebookId)}/contents/${encodeURIComponent(contentId)}`,
  },
  guidebookPreview: {
    path: 'guidebooks/preview/:guidebookId',
    getHref: (guidebookId: string) => `/guidebooks/preview/${encodeURIComponent(guidebookId)}`,
  },
  /** What readers did with one guidebook (issue 24): its owner and administrators. */
  guidebookInsights: {
    path: 'guidebooks/:guidebookId/insights',
    getHref: (guidebookId: string) => `/guidebooks/${encodeURIComponent(guidebookId)}/insights`,
  },
  /** The public address readers open (spec 1 §2: `{host}/m/{uuid}`). */
  mobileGuidebook: {
    path: 'm/:uuid',
    getHref: (uuid: string) => `/m/${encodeURIComponent(uuid)}`,
  },
  icons: {
    path: 'icons',
    getHref: () => '/icons',
  },
  publicGuidebooks: {
    path: 'public-guidebooks',
    getHref: () => '/public-guidebooks',
  },
  settings: {
    path: 'settings',
    getHref: () => '/settings',
  },
  settingsProfile: {
    path: 'profile',
    getHref: () => '/settings/profile',
  },
  settingsChangePassword: {
    path: 'change-password',
    getHref: () => '/settings/change-password',
  },
  settingsSubscription: {
    path: 'subscription',
    getHref: () => '/settings/subscription',
  },
  settingsNotifications: {
    path: 'notifications',
    getHref: () => '/settings/notifications',
  },
  settingsNotification: {
    path: 'notifications/:messageId',
    getHref: (messageId: string) => `/settings/notifications/${encodeURIComponent(messageId)}`,
  },
  admin: {
    path: 'admin',
    getHref: () => '/admin',
  },
  adminInsights: {
    path: 'insights',
    getHref: () => '/admin/insights',
  },
  adminDashboard: {
    path: 'dashboard',
    getHref: () => '/admin/dashboard',
  },
  adminGuidebooks: {
    path: 'guidebooks',
    getHref: () => '/admin/guidebooks',
  },
  adminGuidebooksRecent: {
    path: 'guidebooks/recent',
    getHref: () => '/admin/guidebooks/recent',
  },
  adminUser: { path: 'users/:userId', getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}` },
  adminUserGuidebooks: {
    path: 'users/:userId/guidebooks',
    getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}/guidebooks`,
  },
  /** one person's payments, refunds and transfers with their receipts, for administrators (issue 23) */
  adminUserPayments: {
    path: 'users/:userId/payments',
    getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}/payments`,
  },
  adminIcons: { path: 'icons', getHref: () => '/admin/icons' },
  adminUsers: { path: 'users', getHref: () => '/admin/users' },
  /** One account's detail (spec 2 §2): the signed-in person's own; administrators any. */
  userDetail: { path: 'users/:userId', getHref: (userId: string) => `/users/${encodeURIComponent(userId)}` },
  /** `/users` (issue 23, decision): administrators go to the user list, a member to their own account. */
  users: { path: 'users', getHref: () => '/users' },
  adminPayments: { path: 'payments', getHref: () => '/admin/payments' },
  adminMessages: { path: 'messages', getHref: () => '/admin/messages' },
  adminFeedback: { path: 'feedback', getHref: () => '/admin/feedback' },
  /** the event explorer (issue 14); `inspect` opens one event in the inspector */
  adminEvents: { path: 'events', getHref: (inspect?: number) => `/admin/events${inspect === undefined ? '' : `?inspect=${inspect}`}` },
  adminMessageCreate: { path: 'messages/create', getHref: () => '/admin/messages/create' },
  adminMessage: { path: 'messages/:messageId', getHref: (messageId: string) => `/admin/messages/${encodeURIComponent(messageId)}` },
  /** A person's payments (spec 2 §2), and one payment by its merchantUid. */
  userPayments: {
    path: 'users/:userId/payments',
    getHref: (userId: string) => `/users/${encodeURIComponent(userId)}/payments`,
  },
  paymentDetail: {
    path: 'users/:userId/payments/:paymentId',
    getHref: (userId: string, paymentId: string) => `/users/${encodeURIComponent(userId)}/payments/${encodeURIComponent(paymentId)}`,
  },
  /** A payment's receipt page (its owner or an administrator): printable, in the page's language. */
  paymentReceipt: {
    path: 'users/:userId/payments/:paymentId/receipt',
    getHref: (userId: string, paymentId: string) => `/users/${encodeURIComponent(userId)}/payments/${encodeURIComponent(paymentId)}/receipt`,
  },
  serverNotAvailable: {
    path: '/server_not_available',
    getHref: () => '/server_not_available',
  },
} as const;

/**
 * The purchase step with a plan chosen and the address to come back to once paid (issue 23: from the editor's
 * refused publish). The subscription screen accepts `return` only as a path of this site (`lib/return-path.ts`).
 */
export function purchaseHref(plan: string | null, returnTo?: string): string {
  const query = new URLSearchParams({ step: 'purchase' });
  if (plan) query.set('plan', plan);
  if (returnTo) query.set('return', returnTo);
  return `${paths.settingsSubscription.getHref()}?${query.toString()}`;
}

/** Public mobile viewer pages: no update banner, no feedback form. */
export const MOBILE_VIEWER_PREFIX = '/m/';
/** Guidebook previews: no update banner. */
export const GUIDEBOOK_PREVIEW_PREFIX = '/guidebooks/preview/';

/** Where a person lands after signing in (spec 2 §2): administrators in the back office, others in their guidebooks. */
export function homeOf(session: { isAdmin: boolean }): string {
  return session.isAdmin ? paths.admin.getHref() : paths.guidebooksRecent.getHref();
}
