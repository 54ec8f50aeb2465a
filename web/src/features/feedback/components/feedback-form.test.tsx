import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn } from '../../../testing/sessions.ts';

const accepted = { _id: 'f-1', position: 7, message: 'Thank you! Your feedback has been sent.' };

function feedbackCalls(requests: RecordedRequest[]) {
  return requests.filter((request) => request.url.pathname === '/api/feedback');
}

describe('feedback form', () => {
  it('keeps the send button disabled while the text is empty; whitespace only gives the Korean warning and sends nothing', async () => {
    const requests = stubFetch(() => json(accepted, { status: 201 }));
    renderApp({ path: '/login' });
    const text = await screen.findByRole('textbox', { name: '의견' });
    const send = screen.getByRole('button', { name: '보내기' });
    expect(text.tagName).toBe('TEXTAREA');
    expect(text.className).toContain('h-[100px]');
    expect((send as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(text, { target: { value: '   \n  ' } });
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(send);
    expect(await screen.findByText('의견을 입력해 주세요.')).toBeDefined();
    expect(feedbackCalls(requests)).toHaveLength(0);
  });

  it('sends the parsed title and body with the page, browser and time; thanks the sender and clears the text', async () => {
    const requests = stubFetch((request) =>
      request.url.pathname === '/api/feedback'
        ? json(accepted, { status: 201 })
        : json({ results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 }),
    );
    renderApp({ path: '/guidebooks', auth: signedIn() });
    const text = await screen.findByRole('textbox', { name: '의견' });
    fireEvent.change(text, { target: { value: '제목: 지도 확대\n지도를 확대하고 싶어요.' } });
    fireEvent.click(screen.getByRole('button', { name: '보내기' }));

    expect(await screen.findByText('의견을 보내 주셔서 감사합니다. 잘 전달되었습니다.')).toBeDefined();
    const [call] = feedbackCalls(requests);
    const body = call?.body as { title: string; feedback: string; url: string; userAgent: string; timestamp: string };
    expect(body.title).toBe('지도 확대');
    expect(body.feedback.startsWith('지도를 확대하고 싶어요.\n\n---\n')).toBe(true);
    expect(body.feedback).toContain('User: 김여행 <traveller@example.com> (id user-1, role user)');
    expect(body.url).toBe(window.location.href);
    expect(body.userAgent).toBe(navigator.userAgent);
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
    expect(call?.headers.get('Authorization')).toBe('Bearer token-1');
    await waitFor(() => expect((text as HTMLTextAreaElement).value).toBe(''));
  });

  it('a refusal, or no answer at all, gives the failure toast and keeps the text (no server-down page)', async () => {
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      if (calls === 1)
        return problem({ status: 429, code: 'too_many_requests', message: 'You have sent a lot of feedback.' });
      throw new TypeError('Failed to fetch');
    });
    const { router } = renderApp({ path: '/login', language: 'en' });
    const text = await screen.findByRole('textbox', { name: 'Your feedback' });
    fireEvent.change(text, { target: { value: 'The map is great' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('An error occurred while sending your feedback. Please try again.')).toBeDefined();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toBe(2));
    expect((text as HTMLTextAreaElement).value).toBe('The map is great');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('is not on the public mobile pages', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/m/abc123' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('textbox', { name: '의견' })).toBeNull();
  });
});
