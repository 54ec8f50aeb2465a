/**
 * The front door over HTTP (issue 11): signing up needs consent to the terms of service and the privacy policy,
 * and the live sample guidebook the front page links to, `/m/sample`, opens for anyone without signing in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@pocketguide/contracts';
import type { RunningStandalone } from './app.ts';
import { outbox, signUp, signupBody, startWithAdmin, uniqueEmail } from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

const SITE = 'http://pocketguide.test';
let app: RunningStandalone;

beforeAll(async () => {
  ({ app } = await startWithAdmin('landing', { env: { PUBLIC_BASE_URL: SITE } }));
});
afterAll(() => app?.close());

type Problem = { code: string; message: string; status: number; errors?: { path: string; message: string }[] };

describe('signup consent', () => {
  // Spec 2's signup body has no consent field, so a body without one is the spec's and is accepted (issue 23); the web
  // still asks for consent and sends it. What is sent must be consent: false or a string is refused.
  it('a signup that refuses consent (false or a string) is refused with 400 and changes nothing', async () => {
    const email = uniqueEmail('no-consent');
    for (const agreeToTerms of [false, 'true']) {
      const before = await app.eventStore.headPosition();
      const response = await signUp(app.url, email, { agreeToTerms });
      const body = (await response.json()) as Problem;
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(body).toMatchObject({ status: 400, code: 'validation_failed', message: `agreeToTerms: ${M.termsRequired}` });
      expect(body.errors).toEqual([{ path: 'agreeToTerms', message: M.termsRequired }]);
      expect(await appendedSince(app.eventStore, before)).toEqual([]);
    }
    expect((await outbox(app.url)).filter((mail) => mail.to === email)).toEqual([]);

    // The address was never reserved: with consent the same person signs up.
    const accepted = await signUp(app.url, email);
    expect(accepted.status).toBe(201);
  });

  it('the test helpers sign up with consent', () => {
    expect(signupBody('x@example.com')).toMatchObject({ agreeToTerms: true });
  });
});

describe('the live sample guidebook', () => {
  it('/m/sample is the built-in Jeju sample, drawn by the readers’ viewer for anyone, in the asked language', async () => {
    const ko = await fetch(`${app.url}/m/sample`, { headers: { 'accept-language': 'ko-KR,ko;q=0.9' } });
    expect(ko.status).toBe(200);
    expect(ko.headers.get('content-security-policy')).toContain("script-src 'self'");
    const koHtml = await ko.text();
    expect(koHtml).toContain('<html lang="ko"');
    expect(koHtml).toContain('<title>제주 3박 4일 가족 여행</title>');
    expect(koHtml).toContain('가볼 만한 곳');
    expect(koHtml).toContain(`content="${SITE}/sample/jeju-coast-large.jpg"`);

    const en = await fetch(`${app.url}/m/sample?lang=en`);
    const enHtml = await en.text();
    expect(en.status).toBe(200);
    expect(enHtml).toContain('<title>Jeju: 4 days with family</title>');
    expect(enHtml).toContain('Must-see places');
    // the menu tiles lead to the sample's own pages, which open too
    const page = /href="(\/m\/sample\/contents\/[^"]+)"/.exec(enHtml)?.[1];
    expect(page).toBeDefined();
    const content = await fetch(`${app.url}${page}?lang=en`);
    expect(content.status).toBe(200);
    expect(await content.text()).toContain('· Jeju: 4 days with family</title>');
  });

  it('an unknown page of the sample is the readers’ Not Found; the JSON answer and the QR code are public too', async () => {
    expect((await fetch(`${app.url}/m/sample/contents/nope`)).status).toBe(404);
    const answer = (await (await fetch(`${app.url}/api/viewer/sample?lang=en`)).json()) as { locked: boolean; title: string; shareUrl: string };
    expect(answer).toMatchObject({ locked: false, title: 'Jeju: 4 days with family', shareUrl: `${SITE}/m/sample` });
    const qr = await fetch(`${app.url}/api/viewer/sample/qr.svg`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('reading the sample writes nothing (it is nobody’s guidebook and counts no views)', async () => {
    const before = await app.eventStore.headPosition();
    for (let i = 0; i < 3; i++) expect((await fetch(`${app.url}/m/sample`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await appendedSince(app.eventStore, before)).toEqual([]);
  });
});
