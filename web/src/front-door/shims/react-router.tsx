/**
 * The front door's stand-in for react-router (issue 11): its three pages are separate documents, so a link is a
 * plain `<a>` (the next page loads as a page, the app's own pages in the app) and the address is the browser's.
 */
import { useEffect, type AnchorHTMLAttributes } from 'react';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

export function Link({ to, replace: _replace, ...rest }: LinkProps) {
  return <a href={to} {...rest} />;
}

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: 'default' };
}

export function useSearchParams(): [URLSearchParams] {
  return [new URLSearchParams(window.location.search)];
}

export function useNavigate() {
  return (to: string, options: { replace?: boolean } = {}) => (options.replace ? window.location.replace(to) : window.location.assign(to));
}

export function Navigate({ to }: { to: string; replace?: boolean }) {
  useEffect(() => window.location.replace(to), [to]);
  return null;
}
