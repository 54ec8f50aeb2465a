import { describe, expect, it } from 'vitest';
import { sampleGuidebook, type GuidebookViewerDoc } from '@pocketguide/contracts';
import {
  PartnerOwnersError,
  absoluteUrl,
  creditFor,
  lockedAnswer,
  openAnswer,
  parsePartnerOwners,
} from './viewer-answer.ts';
import { inlineJson, viewerPageHtml } from './viewer-html.ts';
import { VIEWER_TEXTS } from '@pocketguide/contracts/viewer/viewer-texts';

const doc: GuidebookViewerDoc = {
  id: 'g1',
  uuid: 'u1',
  ownerId: 'owner-1',
  published: true,
  document: sampleGuidebook('kr'),
  title: '제주',
  description: '봄 여행',
  image: '/sample/jeju-coast-large.jpg',
  thumbnailUrl: null,
  hasPassword: true,
  passwordHash: '$scrypt$ln=14,r=8,p=1$c2FsdA==$a2V5',
  publishedAt: '2026-05-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
};

describe('partner owners', () => {
  it('parses `<userId>=<name>[|<url>]` entries separated by `;` and refuses malformed ones', () => {
    const partners = parsePartnerOwners(' owner-1 = Jeju Trails | https://jeju.example ; owner-2=Busan Walks;');
    expect([...partners]).toEqual([
      ['owner-1', { name: 'Jeju Trails', url: 'https://jeju.example' }],
      ['owner-2', { name: 'Busan Walks' }],
    ]);
    expect(parsePartnerOwners('').size).toBe(0);
    expect(() => parsePartnerOwners('nobody')).toThrow(PartnerOwnersError);
    expect(() => parsePartnerOwners('u=Name|javascript:x')).toThrow(PartnerOwnersError);
    expect(creditFor('owner-1', partners)).toEqual({
      kind: 'developed',
      name: 'Jeju Trails',
      url: 'https://jeju.example',
    });
    expect(creditFor('someone', partners)).toEqual({ kind: 'powered' });
  });
});

describe('answers', () => {
  const options = { publicBaseUrl: 'https://guide.example.com', partners: parsePartnerOwners('') };

  it('the open answer never carries the password hash; the locked one carries nothing of the content', () => {
    expect(JSON.stringify(openAnswer(doc, options))).not.toContain('scrypt');
    // the guidebook's language (its gate speaks it), and nothing else of the content
    expect(lockedAnswer(doc, options)).toEqual({
      locked: true,
      hasPassword: true,
      uuid: 'u1',
      title: '제주',
      shareUrl: 'https://guide.example.com/m/u1',
      language: 'ko',
    });
    expect(absoluteUrl('/sample/a.jpg', 'https://guide.example.com')).toBe('https://guide.example.com/sample/a.jpg');
    expect(absoluteUrl('https://cdn.example.com/a.jpg', 'https://guide.example.com')).toBe(
      'https://cdn.example.com/a.jpg',
    );
  });

  it('both answers carry the language the guidebook is written in (issue 11: the buttons follow it)', () => {
    expect(openAnswer(doc, options).language).toBe('ko');
    const english = { ...doc, id: 'g2', title: 'Jeju', document: sampleGuidebook('en') };
    expect(openAnswer(english, options).language).toBe('en');
    expect(lockedAnswer(english, options).language).toBe('en');
  });

  it('inlined JSON cannot close its script element', () => {
    const json = inlineJson({ text: '</script><script>alert(1)</script>\u2028' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>\u2028' });
    const html = viewerPageHtml({
      lang: 'ko',
      screen: { kind: 'not-found' },
      context: { lang: 'ko', texts: VIEWER_TEXTS.ko, links: { cover: '/', content: () => '/' } },
      data: { locked: true, hasPassword: true, uuid: 'u1', title: '</script>"', shareUrl: 'x' },
      meta: { title: '"><script>', url: 'https://guide.example.com/m/u1' },
      assets: { scripts: '', css: '' },
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;"');
  });
});
