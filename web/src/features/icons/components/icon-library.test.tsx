import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Icon } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn } from '../../../testing/sessions.ts';
import { iconFileProblem } from '../icon-file.ts';

const owner = signedIn({ language: 'en' });
const icon = (n: number): Icon => ({
  _id: `i${n}`,
  url: `/media/icons/u1/${n}.png`,
  user: owner.user.id,
  createdAt: '2026-11-25T01:00:00.000Z',
});

/** The first 24 bytes of a PNG of the given size, then `size` bytes in all. */
function pngFile(width: number, height: number, size = 800, name = 'icon.png'): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new File([bytes], name, { type: 'image/png' });
}

const deletes = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'DELETE');
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('the icon file checks', () => {
  it('take a 100×100 PNG under 10 KB and name what is wrong with anything else', async () => {
    expect(await iconFileProblem(pngFile(100, 100))).toBeNull();
    expect(await iconFileProblem(pngFile(64, 64))).toBe('dimensions');
    expect(await iconFileProblem(pngFile(100, 100, 10 * 1024))).toBe('tooBig');
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(40).fill(0)])], 'photo.png', {
      type: 'image/png',
    });
    expect(await iconFileProblem(jpeg)).toBe('pngOnly');
  });
});

describe('the icon library', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the count and the icons, and refuses a wrong file before sending it', async () => {
    const requests = stubFetch(() => json({ icons: [icon(1), icon(2)], totalCount: 2 }));
    renderApp({ path: '/icons', language: 'en', auth: owner });
    expect(await screen.findByText('2 / 100')).toBeDefined();
    expect(screen.getAllByRole('button', { name: 'Delete icon' })).toHaveLength(2);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [pngFile(50, 50)] } });
    expect(await screen.findByText('Icon dimensions must be 100x100 pixels')).toBeDefined();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('hides a deleted icon at once; a failed deletion brings it back after a second', async () => {
    let fail = true;
    const requests = stubFetch((request) =>
      request.method === 'DELETE'
        ? fail
          ? problem({ status: 500, code: 'internal_error', message: 'Boom' })
          : json({ success: true, _id: 'i1', position: 9 })
        : json({ icons: [icon(1)], totalCount: 1 }),
    );
    renderApp({ path: '/icons', language: 'en', auth: owner });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete icon' }));
    expect(screen.queryByRole('button', { name: 'Delete icon' })).toBeNull();
    await waitFor(() => expect(deletes(requests)).toHaveLength(1));
    await advance(500);
    expect(screen.queryByRole('button', { name: 'Delete icon' })).toBeNull();
    await advance(600);
    expect(await screen.findByRole('button', { name: 'Delete icon' })).toBeDefined();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Delete icon' }));
    await waitFor(() => expect(deletes(requests)).toHaveLength(2));
    expect(deletes(requests)[1]?.url.pathname).toBe('/api/icons/i1');
  });

  it('says when there are none', async () => {
    stubFetch(() => json({ icons: [], totalCount: 0 }));
    renderApp({ path: '/icons', language: 'ko', auth: signedIn({ language: 'kr' }) });
    expect(await screen.findByText('아직 아이콘이 없습니다')).toBeDefined();
  });
});
