import {
  createBrowserRouter,
  Navigate,
  redirect,
  replace,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { paths } from './paths.ts';
import { AnonymousOnly, RefreshRoute, RequireAdmin, RequireSession } from './routes/guards.tsx';
import { RootLayout, StartLoader } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

const login = async () => ({ Component: (await import('./routes/auth/login.tsx')).LoginRoute });
const guidebookList = async () => ({
  Component: (await import('./routes/guidebooks/guidebook-list.tsx')).GuidebookListRoute,
});
const recentGuidebooks = async () => ({
  Component: (await import('./routes/guidebooks/recent-guidebooks.tsx')).RecentGuidebooksRoute,
});
// The editor draws its cover or page itself (from the URL); these only give the URLs a match.
const editorPages: RouteObject[] = [
  { index: true, element: null },
  { path: paths.guidebookContent.path, element: null },
];
const icons = async () => ({ Component: (await import('./routes/icons.tsx')).IconsRoute });
const comingSoon = async () => ({ Component: (await import('./routes/coming-soon.tsx')).ComingSoonRoute });

/**
 * /admin opens as the dashboard's address before anything is drawn (a loader, not an element that navigates once
 * drawn), so the dashboard's code is asked for at once rather than after a first render of the shell (issue 20).
 * History ends as `<Navigate replace>` left it: a page opened at /admin (typed, reloaded, after sign-in, or gone
 * back to) is replaced, since the browser is already there; a link followed to it adds one entry, the dashboard.
 */
function toAdminDashboard({ request }: LoaderFunctionArgs): Response {
  const alreadyThere = typeof window !== 'undefined' && new URL(request.url).pathname === window.location.pathname;
  return (alreadyThere ? replace : redirect)(paths.adminDashboard.getHref());
}

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <StartLoader />,
    children: [
      {
        Component: AnonymousOnly,
        children: [
          // The front door (issue 11): what the product is, a live sample, the prices; signed-in people go home.
          { index: true, lazy: async () => ({ Component: (await import('./routes/landing.tsx')).LandingRoute }) },
          { path: paths.login.path, lazy: login },
          {
            path: paths.signup.path,
            lazy: async () => ({ Component: (await import('./routes/auth/signup.tsx')).SignupRoute }),
          },
          {
            path: paths.kakaoReturn.path,
            lazy: async () => ({ Component: (await import('./routes/auth/kakao-return.tsx')).KakaoReturnRoute }),
          },
        ],
      },
      {
        path: paths.resetPassword.path,
        lazy: async () => ({ Component: (await import('./routes/auth/reset-password.tsx')).ResetPasswordRoute }),
      },
      {
        path: paths.activate.path,
        lazy: async () => ({ Component: (await import('./routes/auth/activate.tsx')).ActivateRoute }),
      },
      { path: paths.refresh.path, Component: RefreshRoute },
      {
        path: paths.serverNotAvailable.path,
        lazy: async () => ({ Component: (await import('./routes/server-not-available.tsx')).ServerNotAvailableRoute }),
      },
      { path: paths.terms.path, lazy: async () => ({ Component: (await import('./routes/terms.tsx')).TermsRoute }) },
      {
        path: paths.privacy.path,
        lazy: async () => ({ Component: (await import('./routes/privacy.tsx')).PrivacyRoute }),
      },
      {
        path: paths.publicGuidebooks.path,
        lazy: async () => ({ Component: (await import('./routes/public-guidebooks.tsx')).PublicGuidebooksRoute }),
      },
      {
        Component: RequireSession,
        children: [
          { path: paths.guidebooks.path, lazy: guidebookList },
          { path: paths.guidebooksRecent.path, lazy: recentGuidebooks },
          // The editor is the layout of its cover and pages: moving between them keeps it (and unsaved work) mounted.
          // One element for create, sample and edit (issue 22): the first save moves to edit/{id} without drawing
          // the editor again, so a click in that moment is not lost.
          {
            lazy: async () => ({ Component: (await import('./routes/guidebook-editor.tsx')).GuidebookEditorLayout }),
            children: [
              { path: paths.guidebooksCreate.path, handle: { editor: 'new' }, children: editorPages },
              { path: paths.guidebooksSample.path, handle: { editor: 'sample' }, children: editorPages },
              { path: paths.guidebookEdit.path, handle: { editor: 'edit' }, children: editorPages },
            ],
          },
          { path: paths.icons.path, lazy: icons },
          {
            path: paths.guidebookInsights.path,
            lazy: async () => ({
              Component: (await import('./routes/insights/insights-routes.tsx')).GuidebookInsightsRoute,
            }),
          },
          {
            path: paths.userPayments.path,
            lazy: async () => ({ Component: (await import('./routes/payments/user-payments.tsx')).UserPaymentsRoute }),
          },
          {
            path: paths.paymentDetail.path,
            lazy: async () => ({
              Component: (await import('./routes/payments/payment-detail.tsx')).PaymentDetailRoute,
            }),
          },
          {
            path: paths.paymentReceipt.path,
            lazy: async () => ({
              Component: (await import('./routes/payments/payment-receipt.tsx')).PaymentReceiptRoute,
            }),
          },
          {
            path: paths.userDetail.path,
            lazy: async () => ({ Component: (await import('./routes/users/user-detail.tsx')).UserDetailRoute }),
          },
          {
            path: paths.users.path,
            lazy: async () => ({ Component: (await import('./routes/users/user-detail.tsx')).UsersRoute }),
          },
          {
            path: paths.settings.path,
            lazy: async () => ({ Component: (await import('./routes/settings/settings-layout.tsx')).SettingsLayout }),
            children: [
              { index: true, element: <Navigate to={paths.settingsProfile.getHref()} replace /> },
              {
                path: paths.settingsProfile.path,
                lazy: async () => ({ Component: (await import('./routes/settings/profile.tsx')).SettingsProfileRoute }),
              },
              {
                path: paths.settingsChangePassword.path,
                lazy: async () => ({
                  Component: (await import('./routes/settings/change-password.tsx')).SettingsChangePasswordRoute,
                }),
              },
              {
                path: paths.settingsSubscription.path,
                lazy: async () => ({
                  Component: (await import('./routes/settings/subscription.tsx')).SettingsSubscriptionRoute,
                }),
              },
              {
                path: paths.settingsNotifications.path,
                lazy: async () => ({
                  Component: (await import('./routes/settings/notifications.tsx')).SettingsNotificationsRoute,
                }),
              },
              {
                path: paths.settingsNotification.path,
                lazy: async () => ({
                  Component: (await import('./routes/settings/notifications.tsx')).SettingsNotificationRoute,
                }),
              },
            ],
          },
          {
            path: paths.admin.path,
            Component: RequireAdmin,
            children: [
              { index: true, loader: toAdminDashboard },
              {
                path: paths.adminDashboard.path,
                lazy: async () => ({ Component: (await import('./routes/admin/dashboard.tsx')).AdminDashboardRoute }),
              },
              {
                path: paths.adminInsights.path,
                lazy: async () => ({
                  Component: (await import('./routes/insights/insights-routes.tsx')).AdminInsightsRoute,
                }),
              },
              { path: paths.adminGuidebooks.path, lazy: guidebookList },
              { path: paths.adminGuidebooksRecent.path, lazy: recentGuidebooks },
              {
                path: paths.adminUsers.path,
                lazy: async () => ({ Component: (await import('./routes/admin/users.tsx')).AdminUsersRoute }),
              },
              {
                path: paths.adminUser.path,
                lazy: async () => ({
                  Component: (await import('./routes/admin/user-detail.tsx')).AdminUserDetailRoute,
                }),
              },
              {
                path: paths.adminUserGuidebooks.path,
                lazy: async () => ({
                  Component: (await import('./routes/guidebooks/user-guidebooks.tsx')).UserGuidebooksRoute,
                }),
              },
              {
                path: paths.adminUserPayments.path,
                lazy: async () => ({
                  Component: (await import('./routes/admin/user-payments.tsx')).AdminUserPaymentsRoute,
                }),
              },
              { path: paths.adminIcons.path, lazy: icons },
              {
                path: paths.adminPayments.path,
                lazy: async () => ({ Component: (await import('./routes/admin/payments.tsx')).AdminPaymentsRoute }),
              },
              {
                path: paths.adminFeedback.path,
                lazy: async () => ({ Component: (await import('./routes/admin/feedback.tsx')).AdminFeedbackRoute }),
              },
              {
                path: paths.adminEvents.path,
                lazy: async () => ({
                  Component: (await import('../features/event-explorer/event-explorer-route.tsx')).AdminEventsRoute,
                }),
              },
              {
                path: paths.adminMessages.path,
                lazy: async () => ({ Component: (await import('./routes/admin/messages.tsx')).AdminMessagesRoute }),
              },
              {
                path: paths.adminMessageCreate.path,
                lazy: async () => ({
                  Component: (await import('./routes/admin/messages.tsx')).AdminMessageCreateRoute,
                }),
              },
              {
                path: paths.adminMessage.path,
                lazy: async () => ({ Component: (await import('./routes/admin/messages.tsx')).AdminMessageEditRoute }),
              },
              { path: '*', lazy: comingSoon },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}

/**
 * Once the router has what its first screen needs: the code of the routes at the address (lazy) and where a loader
 * sends it. Drawing before then would draw the start's spinner over a page that arrived drawn (issue 20).
 */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
