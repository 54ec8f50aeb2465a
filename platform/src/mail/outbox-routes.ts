import { Router, type RequestHandler } from 'express';
import type { Auth } from '../auth/authenticate.ts';
import { NotFoundError } from '../http/errors.ts';
import { readOutbox } from './outbox-mailer.ts';

export type OutboxRoutesOptions = {
  dir: string;
  auth: Auth;
  /** also readable without signing in from a loopback address (OUTBOX_LOOPBACK) */
  loopback: boolean;
};

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * GET /dev/outbox: the mails the outbox adapter wrote, newest first, so a developer (or a test) can follow an
 * activation or reset link without a mail server. The links in these mails are live credentials: only an
 * administrator reads them, or, with OUTBOX_LOOPBACK, anyone on this machine's loopback address (the socket's own
 * address, never a forwarded one). Anyone else is told there is nothing here. Mounted only outside production and
 * only with the outbox adapter.
 */
export function outboxRoutes({ dir, auth, loopback }: OutboxRoutesOptions): Router {
  const router = Router();
  const allowed: RequestHandler = (req, res, next) => {
    if (loopback && LOOPBACK.has(req.socket.remoteAddress ?? '')) {
      next();
      return;
    }
    auth.optional(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!req.user?.isAdmin) return next(new NotFoundError());
      next();
    });
  };
  router.get('/dev/outbox', allowed, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ mails: readOutbox(dir) });
  });
  router.get('/dev/outbox/:id', allowed, (req, res) => {
    const mail = readOutbox(dir).find((entry) => entry.id === req.params.id);
    if (!mail) throw new NotFoundError('No such mail in the outbox');
    res.setHeader('Cache-Control', 'no-store');
    res.json(mail);
  });
  return router;
}
