import { Router } from 'express';
import { NotFoundError } from '../http/errors.ts';
import { readOutbox } from './outbox-mailer.ts';

/**
 * GET /dev/outbox: the mails the outbox adapter wrote, newest first, so a developer (or a test) can follow an
 * activation or reset link without a mail server. Mounted only outside production and only with the outbox
 * adapter: the links in these mails are live credentials.
 */
export function outboxRoutes(dir: string): Router {
  const router = Router();
  router.get('/dev/outbox', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ mails: readOutbox(dir) });
  });
  router.get('/dev/outbox/:id', (req, res) => {
    const mail = readOutbox(dir).find((entry) => entry.id === req.params.id);
    if (!mail) throw new NotFoundError('No such mail in the outbox');
    res.setHeader('Cache-Control', 'no-store');
    res.json(mail);
  });
  return router;
}
