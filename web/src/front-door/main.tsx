// The front door's entry (front.html), loaded once the page sent drawn has been shown. First, as the app's entry: zod
// is told not to compile parsers with eval before any schema exists (the CSP has no 'unsafe-eval'); every schema
// comes in the files loaded below, after this has run.
import '@pocketguide/contracts/zod-in-browsers';
import './front.css';
import type { Loading } from './start.tsx';

// All three files are asked for at once. Someone the page's first lines found signed in is most likely sent on to
// the app: for them the page's own files wait until start.tsx has read the session.
const signedIn = document.documentElement.dataset.session !== undefined;
const loading: Loading | undefined = signedIn
  ? undefined
  : { reactDom: import('react-dom/client'), pages: import('./front-door.tsx') };
void import('./start.tsx').then(({ start }) => start(loading));
