// As the app's entry: zod is told not to compile parsers with eval before any schema exists (the CSP has no 'unsafe-eval').
import '@pocketguide/contracts/zod-in-browsers';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Pretendard as in the app, but `font-display: optional` in this build (web/scripts/front-door.ts): see there.
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import '../styles/app.css';
import { readAppConfig } from '../lib/app-config.tsx';
import { fromWireLanguage, readStoredLanguage } from '../lib/i18n.ts';
import { createSessionStore } from '../lib/session.ts';
import { FrontDoor, isFrontDoorPath } from './front-door.tsx';
import { createFrontDoorI18n } from './i18n.ts';

const store = createSessionStore();
const session = store.get();
const path = window.location.pathname.replace(/(.)\/$/, '$1');
const root = document.getElementById('root');
if (!root) throw new Error('front.html has no #root element');

if (!isFrontDoorPath(path)) {
  // served for another address by mistake (a proxy's rewrite): the app knows every page
  window.location.replace(`/refresh${window.location.pathname}${window.location.search}${window.location.hash}`);
} else {
  const i18n = await createFrontDoorI18n(session?.language ? fromWireLanguage(session.language) : readStoredLanguage());
  createRoot(root).render(
    <StrictMode>
      <FrontDoor path={path} i18n={i18n} store={store} config={readAppConfig(import.meta.env)} />
    </StrictMode>,
  );
}
