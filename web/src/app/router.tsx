import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { RootLayout, StartLoader } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <StartLoader />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./routes/guidebooks.tsx')).GuidebooksRoute }),
      },
      {
        path: paths.serverNotAvailable.path,
        lazy: async () => ({ Component: (await import('./routes/server-not-available.tsx')).ServerNotAvailableRoute }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
