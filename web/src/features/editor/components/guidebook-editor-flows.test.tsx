import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, stubFetch } from '../../../testing/fake-api.ts';
import { signedIn } from '../../../testing/sessions.ts';
import { WAIT } from '../../../testing/wait-budget.ts';
import { guidebookView, sampleDocument } from '../testing/editor-fixtures.ts';

/** the editor's lazy parts load cold in the first test: the tests' one wait budget (TEST_WAIT_MS) */
const LOADED = WAIT;
const doc = sampleDocument();

/** XMLHttpRequest (the upload's transport) answering every upload with one response. */
function stubUploads(answer: { status: number; body: unknown }) {
  const sent: string[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    timeout = 0;
    upload = { addEventListener: () => undefined };
    private listeners = new Map<string, () => void>();
    private path = '';
    open(_method: string, url: string) {
      this.path = url;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/problem+json' : null;
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    abort() {}
    send() {
      sent.push(this.path);
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      setTimeout(() => this.listeners.get('load')?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('uploading a file that is not an image', () => {
  it('says only image files can be uploaded, not "try again"', async () => {
    const page = doc.contents.find((content) =>
      content.sections.some((section) => section.items.some((item) => item.type === 'image')),
    )!;
    const image = page.sections.flatMap((section) => section.items).find((item) => item.type === 'image')!;
    stubFetch(() => json(guidebookView(doc, 3)));
    const sent = stubUploads({
      status: 415,
      body: {
        status: 415,
        code: 'unsupported_media_type',
        message: 'Only JPEG, PNG and GIF images can be uploaded',
        errors: [{ path: 'file', message: 'Only JPEG, PNG and GIF images can be uploaded' }],
      },
    });
    renderApp({
      path: `/guidebooks/edit/gb-1/contents/${page._id}`,
      auth: signedIn({ language: 'en' }),
      language: 'en',
    });
    const frame = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(`[data-item-id="${image._id}"]`);
      if (!found) throw new Error('no image item yet');
      return found;
    }, LOADED);
    fireEvent.pointerDown(frame);
    const input = await waitFor(() => {
      const found = frame.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no upload field yet');
      return found;
    });
    // named like an image, typed like an image: only the server, reading its bytes, can tell
    fireEvent.change(input, {
      target: { files: [new File(['plain text, not a picture'], 'notes.png', { type: 'image/png' })] },
    });
    const alert = await screen.findByRole('dialog', { name: 'Notice' }, LOADED);
    expect(within(alert).getByRole('alert').textContent).toBe(
      'Only image files can be uploaded. This file is not a jpg, png or gif image.',
    );
    expect(sent).toHaveLength(1);
  });
});
