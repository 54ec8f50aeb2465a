import { FEEDBACK_DEFAULT_BODY, FEEDBACK_DEFAULT_TITLE } from '@pocketguide/contracts';

export type ParsedFeedback = { title?: string; body: string };

/**
 * Spec 3 §2.12: a first line starting with the Korean title marker ('제목:') is the title (default 'Feedback') and
 * the rest is the body (default 'no content'); otherwise the whole text is the body. The English marker ('Title:')
 * is read the same way, since the form speaks both languages; a full-width colon counts as a colon.
 */
const TITLE_MARKER = /^\s*(?:제목|title)\s*[:：]/i;

export function parseFeedback(text: string): ParsedFeedback {
  const [firstLine = '', ...rest] = text.split(/\r?\n/);
  const marker = TITLE_MARKER.exec(firstLine);
  if (!marker) return { body: text.trim() };
  const title = firstLine.slice(marker[0].length).trim() || FEEDBACK_DEFAULT_TITLE;
  const body = rest.join('\n').trim() || FEEDBACK_DEFAULT_BODY;
  return { title, body };
}

export type SystemInfo = {
  user?: { name: string; email: string; id: string; role: string } | undefined;
  userAgent: string;
  time: string;
  url: string;
  pageTitle: string;
  screen: string;
  viewport: string;
};

/** Spec 1 §3: the feedback text carries a block describing who sent it from where, for whoever reads it. */
export function withSystemInfo(body: string, info: SystemInfo): string {
  const lines = [
    info.user
      ? `User: ${info.user.name} <${info.user.email}> (id ${info.user.id}, role ${info.user.role})`
      : 'User: anonymous',
    `Browser: ${info.userAgent}`,
    `Time: ${info.time}`,
    `Page: ${info.url}`,
    `Page title: ${info.pageTitle}`,
    `Screen: ${info.screen}`,
    `Viewport: ${info.viewport}`,
  ];
  return `${body}\n\n---\n${lines.join('\n')}`;
}
