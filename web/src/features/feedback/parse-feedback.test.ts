import { describe, expect, it } from 'vitest';
import { parseFeedback, withSystemInfo } from './parse-feedback.ts';

describe('parseFeedback', () => {
  it("a first line starting with '제목:' is the title; the rest is the body", () => {
    expect(parseFeedback('제목: 지도 확대\n지도를 두 손가락으로\n확대하고 싶어요.')).toEqual({
      title: '지도 확대',
      body: '지도를 두 손가락으로\n확대하고 싶어요.',
    });
  });

  it("defaults: 'Feedback' for an empty title, 'no content' for an empty body", () => {
    expect(parseFeedback('제목:\n내용입니다')).toEqual({ title: 'Feedback', body: '내용입니다' });
    expect(parseFeedback('제목: 제목만')).toEqual({ title: '제목만', body: 'no content' });
    expect(parseFeedback('제목:   \n  \n ')).toEqual({ title: 'Feedback', body: 'no content' });
  });

  it('without the marker, the whole text is the body and there is no title', () => {
    expect(parseFeedback('  좋은 서비스네요.\n제목: 이건 본문  ')).toEqual({
      body: '좋은 서비스네요.\n제목: 이건 본문',
    });
    expect(parseFeedback('부제목: 아님')).toEqual({ body: '부제목: 아님' });
  });

  it("reads the English marker ('Title:') and a full-width colon the same way, and Windows line breaks", () => {
    expect(parseFeedback('Title: Map zoom\r\nPinch to zoom, please.')).toEqual({
      title: 'Map zoom',
      body: 'Pinch to zoom, please.',
    });
    expect(parseFeedback('제목： 전각 콜론\n본문')).toEqual({ title: '전각 콜론', body: '본문' });
  });
});

describe('withSystemInfo', () => {
  it('appends who sent it from where, below a rule', () => {
    const text = withSystemInfo('본문', {
      user: { name: '김여행', email: 'traveller@example.com', id: 'user-1', role: 'user' },
      userAgent: 'Mozilla/5.0',
      time: '2026-03-02T01:02:03.000Z',
      url: 'https://pocketguide.example/guidebooks',
      pageTitle: '가이드북 · 포켓가이드',
      screen: '1920x1080',
      viewport: '1280x800',
    });
    expect(text.startsWith('본문\n\n---\n')).toBe(true);
    expect(text).toContain('User: 김여행 <traveller@example.com> (id user-1, role user)');
    expect(text).toContain('Page: https://pocketguide.example/guidebooks');
    expect(text).toContain('Viewport: 1280x800');
    expect(
      withSystemInfo('x', { userAgent: 'UA', time: 't', url: 'u', pageTitle: 'p', screen: 's', viewport: 'v' }),
    ).toContain('User: anonymous');
  });
});
