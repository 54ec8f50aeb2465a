import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { readAppConfig } from '../lib/app-config.tsx';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

// Validated once, at start: a malformed setting fails loudly here rather than as a half-working widget later.
const config = readAppConfig(import.meta.env);

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider config={config}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
