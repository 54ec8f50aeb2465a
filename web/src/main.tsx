// First of all: zod must be told not to compile parsers with eval before any schema exists (the app's CSP has no
// 'unsafe-eval'); the build's chunking may not keep the contracts index's own import of it first.
import '@pocketguide/contracts/zod-in-browsers';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Pretendard, bundled from node_modules: the dynamic subset lets the browser fetch only the glyph ranges a page uses.
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './styles/app.css';
import { App } from './app/index.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
