/**
 * Where a person goes back to after a detour (issue 23: from the editor's refused publish to the purchase and back).
 * The address travels in the page's query, so anyone can write a link with one: it is accepted only as a path of
 * this very site (`/guidebooks/edit/…`), never another origin (`//evil.example`, `/\evil.example`, `https:…`),
 * nor a path with control characters or spaces, nor the API. Anything else is ignored, as if none were given.
 */
export const RETURN_PARAM = 'return';

const MAX_RETURN_LENGTH = 1000;

export function safeReturnPath(value: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!value || value.length > MAX_RETURN_LENGTH) return null;
  // a relative path of this site: one leading slash, then no second slash or backslash right after it
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
