import type { RequestHandler } from 'express';

/**
 * Security headers on every answer (issue: hardening): `X-Content-Type-Options: nosniff`, a Referrer-Policy that
 * never sends a path to another site, a Content-Security-Policy, and HSTS when the request came over https (through
 * a proxy the app trusts, `TRUST_PROXY`). The readers' pages set their own, stricter policy (viewer-routes.ts).
 *
 * The app's policy: scripts only from here, the Kakao Maps SDK the editor loads when a Kakao key is set, and Kakao's
 * JavaScript SDK (t1.kakaocdn.net), which the KakaoTalk share and Kakao sign-in buttons load when pressed; no
 * inline scripts; styles from here and inline (React and Leaflet position things with style attributes); images
 * from here, data:/blob: (uploads being previewed) and any https host (an author's own pictures and map tiles),
 * never plain http; frames only for YouTube and Kakao's map; nothing may frame the app but itself.
 * `CSP_EXTRA_ORIGINS` adds origins a build was given (a support chat widget) to scripts, connections, frames and
 * images. API and media answers get a policy that runs nothing at all.
 */
export type SecurityHeadersOptions = { extraOrigins: readonly string[] };

export function appContentSecurityPolicy(extraOrigins: readonly string[]): string {
  const extra = extraOrigins.length > 0 ? ` ${extraOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' https://dapi.kakao.com https://t1.daumcdn.net https://t1.kakaocdn.net${extra}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self' https://nominatim.openstreetmap.org https://dapi.kakao.com https://kapi.kakao.com https://sharer.kakao.com${extra}`,
    `frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com https://map.kakao.com${extra}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** JSON, media and problem details: nothing in them may run, and nobody may frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** The headers every API answer carries (HSTS aside): what `POST /api/reading`, answered before express, sends. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
};

const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders({ extraOrigins }: SecurityHeadersOptions): RequestHandler {
  const appPolicy = appContentSecurityPolicy(extraOrigins);
  return (req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    const api = req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/media/');
    res.setHeader('Content-Security-Policy', api ? API_CONTENT_SECURITY_POLICY : appPolicy);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}
