/**
 * The front door's stand-in for react-router (issue 11): its three pages are separate documents, so a link is a
 * plain `<a>` (the next page loads as a page, the app's own pages in the app) and the address is the browser's.
 * The build's pre-render (../render.tsx) has no browser: there the address is the page being rendered, with no
 * query, which is also what a page hydrating over that HTML reads first (main.tsx hydrates only such addresses).
 */
import { useEffect, useSyncExternalStore, type AnchorHTMLAttributes } from 'react';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

export function Link({ to, replace: _replace, ...rest }: LinkProps) {
  return <a href={to} {...rest} />;
}

let prerenderedPath = '/';

/** The page the build is rendering to HTML (../render.tsx). */
export function setPrerenderedPath(path: string): void {
  prerenderedPath = path;
}

// The address never changes under a page of the front door: a link loads a new document.
const stays = () => () => {};
const browserPath = () => window.location.pathname;
const browserSearch = () => window.location.search;
const serverPath = () => (typeof window === 'undefined' ? prerenderedPath : window.location.pathname);
const noSearch = () => '';

export function useLocation() {
  const pathname = useSyncExternalStore(stays, browserPath, serverPath);
  const search = useSyncExternalStore(stays, browserSearch, noSearch);
  return { pathname, search, hash: '', state: null, key: 'default' };
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [new URLSearchParams(search)];
}

export function useNavigate() {
  return (to: string, options: { replace?: boolean } = {}) =>
    options.replace ? window.location.replace(to) : window.location.assign(to);
}

export function Navigate({ to }: { to: string; replace?: boolean }) {
  useEffect(() => window.location.replace(to), [to]);
  return null;
}
