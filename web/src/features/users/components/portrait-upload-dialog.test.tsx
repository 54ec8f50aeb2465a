import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, stubFetch } from '../../../testing/fake-api.ts';
import { signedIn } from '../../../testing/sessions.ts';
import { checkPortraitFiles } from './portrait-upload-dialog.tsx';

const MB = 1024 * 1024;
const image = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

describe('portrait checks (before anything is sent)', () => {
  it('one jpg, png or gif of at most 5 MB', () => {
    expect(checkPortraitFiles([image('a.png', 'image/png', 1000)])).toHaveProperty('file');
    expect(checkPortraitFiles([image('a.jpg', 'image/jpeg', 5 * MB)])).toHaveProperty('file');
    expect(checkPortraitFiles([image('a.gif', 'image/gif', 10)])).toHaveProperty('file');
    expect(checkPortraitFiles([])).toEqual({ problem: 'Send exactly one image file' });
    expect(checkPortraitFiles([image('a.png', 'image/png', 1), image('b.png', 'image/png', 1)])).toEqual({
      problem: 'Send exactly one image file',
    });
    expect(checkPortraitFiles([image('a.webp', 'image/webp', 10)])).toEqual({
      problem: 'Only jpg, png and gif images are allowed',
    });
  });

  it('a file over 5 MB names its size and the maximum', () => {
    expect(checkPortraitFiles([image('big.png', 'image/png', Math.round(6.2 * MB))])).toEqual({
      problem: 'file is too big (6.2 MB). The maximum is 5 MB.',
    });
  });
});

describe('portrait dialog', () => {
  it('opens from the profile menu and says, in Korean, that a file is too big', async () => {
    stubFetch(() => json({ results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 }));
    renderApp({ path: '/guidebooks', auth: signedIn() });
    const trigger = await screen.findByRole('button', { name: /계정 메뉴/ });
    fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitem', { name: '프로필 사진 변경' }));
    const dialog = await screen.findByRole('dialog', { name: '프로필 사진 변경' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [image('big.png', 'image/png', Math.round(6.2 * MB))] } });
    await waitFor(() =>
      expect(dialog.textContent).toContain('파일이 너무 큽니다 (6.2 MB). 최대 5 MB까지 올릴 수 있습니다.'),
    );
    expect((screen.getByRole('button', { name: '올리기' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
