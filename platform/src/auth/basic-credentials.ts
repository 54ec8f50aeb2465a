import type { Request } from 'express';

/** `Authorization: Basic base64(email:password)`; the password may itself contain ':'. */
export function basicCredentials(req: Request): { email: string; password: string } | null {
  const header = req.get('authorization');
  const match = header ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The address rate limits count by: the client's, as express reports it under the TRUST_PROXY setting. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
