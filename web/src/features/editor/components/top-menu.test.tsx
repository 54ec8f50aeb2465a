import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn, signedInAdmin } from '../../../testing/sessions.ts';
import { guidebookView, sampleDocument } from '../testing/editor-fixtures.ts';
import { WAIT } from '../../../testing/wait-budget.ts';
import en from '../../../locales/en.json';
import ko from '../../../locales/ko.json';

const L = { en, ko };

const LOADED = WAIT;
/** a later answer on a busy machine */
const doc = sampleDocument();
const settingsAnswer = (overrides: Record<string, unknown> = {}) => ({
  _id: 'gb-1',
  revision: 4,
  position: 50,
  published: false,
  isPublicGallery: false,
  hasPassword: false,
  isSampleGuidebook: false,
  isSampleContent: false,
  ...overrides,
});

/**
 * The editor at /guidebooks/edit/gb-1, once its toolbar is drawn. The toolbar is looked for with a plain selector: a
 * role query computes every element's style to know whether it is hidden (in jsdom, tenths of a second on this
 * screen), and `findByRole` runs it again at every change of the page while the editor draws, seconds per test.
 * The tests' own role queries then find what they look for at their first try.
 */
async function open(
  handler: (request: RecordedRequest) => Response | undefined,
  options: {
    admin?: boolean;
    view?: Parameters<typeof guidebookView>[2];
    plan?: 'mini' | 'business';
    language?: 'en' | 'ko';
  } = {},
) {
  const requests = stubFetch((request) => handler(request) ?? json(guidebookView(doc, 3, options.view)));
  const language = options.language ?? 'en';
  const person = {
    language: language === 'ko' ? ('kr' as const) : ('en' as const),
    ...(options.plan ? { subscription: true, subscriptionType: options.plan } : {}),
  };
  const auth = options.admin ? signedInAdmin({ ...person, id: 'user-1' }) : signedIn(person);
  const view = renderApp({ path: '/guidebooks/edit/gb-1', auth, language });
  await waitFor(
    () => expect(document.querySelector('[data-editor-surface] > [role="toolbar"]')).not.toBeNull(),
    LOADED,
  );
  return { requests, ...view };
}

describe('the top menu', () => {
  it('deletes after the confirmation and goes back to the list', async () => {
    const { requests, router } = await open((request) =>
      request.method === 'DELETE'
        ? json({ _id: 'gb-1', revision: 4, position: 60 })
        : request.url.pathname === '/api/guidebooks/'
          ? json({ results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 })
          : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }, LOADED));
    expect(screen.getByText('Delete this guidebook? Readers will no longer find it.')).toBeDefined();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/guidebooks'), WAIT);
    expect(
      requests.some((request) => request.method === 'DELETE' && request.url.pathname === '/api/guidebooks/gb-1'),
    ).toBe(true);
  });

  it('asks to subscribe when publishing is refused for want of a subscription, and shows other refusals', async () => {
    let attempt = 0;
    await open((request) => {
      if (request.url.pathname !== '/api/guidebooks/gb-1/publish') return undefined;
      attempt += 1;
      return attempt === 1
        ? problem({
            status: 403,
            code: 'subscription_required',
            message: 'You need to subscribe to publish this guidebook',
          })
        : problem({ status: 409, code: 'conflict', message: 'An English text from the server' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }, LOADED));
    expect(await screen.findByText('You need to subscribe to publish this guidebook')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Not Right Now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    // shown through its code, in the person's language, not as the server's text
    expect((await screen.findByRole('alert')).textContent).toBe(L.en.errors.codes.conflict);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("a publish refused on the plan's limit says so in Korean and offers the plan that publishes more (issue 22)", async () => {
    const { router } = await open(
      (request) =>
        request.url.pathname === '/api/guidebooks/gb-1/publish'
          ? problem({
              status: 409,
              code: 'publish_limit_reached',
              message: 'You already have 3 published guidebooks. Please unpublish one of the guidebooks.',
            })
          : undefined,
      { plan: 'mini', language: 'ko' },
    );
    fireEvent.click(await screen.findByRole('button', { name: L.ko.editor.menu.publish }, LOADED));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(L.ko.errors.codes.publish_limit_reached);
    expect(alert.textContent).toContain('스탠다드 요금제는 10개까지');
    expect(alert.textContent).not.toMatch(/You already have/);
    fireEvent.click(screen.getByRole('button', { name: '스탠다드 요금제 보기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/subscription'), WAIT);
  });

  it('on the largest plan the limit refusal offers no plan', async () => {
    await open(
      (request) =>
        request.url.pathname === '/api/guidebooks/gb-1/publish'
          ? problem({ status: 409, code: 'publish_limit_reached', message: 'x' })
          : undefined,
      { plan: 'business' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }, LOADED));
    expect((await screen.findByRole('alert')).textContent).toBe(L.en.errors.codes.publish_limit_reached);
    expect(document.querySelector('[data-offered-plan]')).toBeNull();
  });

  it('shows the public-gallery toggle only when published and says when it is on', async () => {
    const { requests } = await open(
      (request) =>
        request.url.pathname === '/api/guidebooks/gb-1/public-gallery'
          ? json(settingsAnswer({ published: true, isPublicGallery: true }))
          : undefined,
      {
        view: { published: true },
      },
    );
    const toggle = await screen.findByRole('switch', { name: 'Public gallery' }, LOADED);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(await screen.findByText('Added to public gallery, generating thumbnail')).toBeDefined();
    expect(
      requests.find((request) => request.method === 'PATCH' && request.url.pathname.endsWith('/public-gallery'))?.body,
    ).toEqual({ isPublicGallery: true });
    expect(screen.getByRole('switch', { name: 'Public gallery' }).getAttribute('aria-checked')).toBe('true');
  });

  it('warns before a password-protected guidebook joins the gallery: Cancel sends nothing, Add anyway adds it (issue 22)', async () => {
    const { requests } = await open(
      (request) =>
        request.url.pathname === '/api/guidebooks/gb-1/public-gallery'
          ? json(settingsAnswer({ published: true, isPublicGallery: true, hasPassword: true }))
          : undefined,
      {
        view: { published: true, hasPassword: true, password: 'jeju2026' },
      },
    );
    const gallery = () => requests.filter((request) => request.url.pathname.endsWith('/public-gallery'));
    fireEvent.click(await screen.findByRole('switch', { name: 'Public gallery' }, LOADED));
    expect((await screen.findByRole('alert')).textContent).toBe(L.en.editor.confirm.galleryPassword);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(gallery()).toHaveLength(0);
    fireEvent.click(screen.getByRole('switch', { name: 'Public gallery' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add anyway' }));
    await waitFor(
      () => expect(screen.getByRole('switch', { name: 'Public gallery' }).getAttribute('aria-checked')).toBe('true'),
      WAIT,
    );
    expect(gallery().map((request) => request.body)).toEqual([{ isPublicGallery: true }]);
  });

  it('keeps the password in the 500 px settings sheet', async () => {
    const { requests } = await open((request) =>
      request.url.pathname === '/api/guidebooks/gb-1/password'
        ? json(settingsAnswer({ hasPassword: true }))
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }, LOADED));
    const sheet = await screen.findByRole('dialog', { name: 'Settings' });
    expect(sheet.style.width).toBe('500px');
    fireEvent.change(within(sheet).getByLabelText('Password'), { target: { value: 'jeju2026' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password saved')).toBeDefined();
    expect(requests.find((request) => request.url.pathname.endsWith('/password'))?.body).toEqual({
      password: 'jeju2026',
    });
  });

  it('shows the sample toggles to an administrator who owns the guidebook', async () => {
    const { requests } = await open(
      (request) =>
        request.url.pathname === '/api/guidebooks/gb-1/sample'
          ? json(settingsAnswer({ isSampleGuidebook: true }))
          : undefined,
      { admin: true },
    );
    fireEvent.click(await screen.findByRole('switch', { name: 'Sample Guidebook' }, LOADED));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Sample Guidebook' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(requests.find((request) => request.url.pathname.endsWith('/sample'))?.body).toEqual({
      isSampleGuidebook: true,
      isSampleContent: false,
    });
  });

  it('hides the sample toggles from an owner who is not an administrator', async () => {
    await open(() => undefined);
    await screen.findByRole('button', { name: 'Publish' }, LOADED);
    expect(screen.queryByRole('switch', { name: 'Sample Guidebook' })).toBeNull();
  });
});

describe('the history sheet', () => {
  const who = { userId: 'user-1', name: 'Test Person', role: 'user' };
  const history = (revision: number, results: unknown[]) => ({
    _id: 'gb-1',
    revision,
    created: { time: '2025-11-02T03:04:05.000Z', who },
    results,
    page: 1,
    pageCount: 1,
    pageSize: 20,
    totalCount: results.length,
  });

  it('a guidebook never changed: version 0 is the current one, with nothing to restore', async () => {
    await open(
      (request) => (request.url.pathname === '/api/guidebooks/gb-1/history' ? json(history(0, [])) : undefined),
      {
        view: {},
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'History' }, LOADED));
    const list = await screen.findByRole('list', { name: 'Version history' });
    expect(screen.getByText('No changes since it was created.')).toBeDefined();
    expect(within(list).getByText('Current')).toBeDefined();
    expect(within(list).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Preview' })).toBeDefined();
  });

  it('after a change: version 0 can be restored and the newest is the current one', async () => {
    const edit = {
      revision: 1,
      time: '2025-11-02T04:00:00.000Z',
      who,
      type: 'GuidebookEdited',
      kind: 'patch',
      summary: [],
      text: 'changed the title',
      changesDocument: true,
    };
    await open(
      (request) => (request.url.pathname === '/api/guidebooks/gb-1/history' ? json(history(1, [edit])) : undefined),
      { view: {} },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'History' }, LOADED));
    const list = await screen.findByRole('list', { name: 'Version history' });
    expect(screen.queryByText('No changes since it was created.')).toBeNull();
    const [newest, created] = within(list).getAllByRole('listitem');
    expect(within(newest!).getByText('Current')).toBeDefined();
    expect(within(newest!).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(created!).queryByText('Current')).toBeNull();
    expect(within(created!).getByRole('button', { name: 'Restore' })).toBeDefined();
  });
});

describe('the confirm panel from the keyboard', () => {
  it('Escape puts it away and the focus returns to the button that opened it', async () => {
    await open(() => undefined);
    const copy = await screen.findByRole('button', { name: 'Copy' }, LOADED);
    copy.focus();
    fireEvent.click(copy);
    const region = await screen.findByRole('region', { name: 'Guidebook editor' });
    await waitFor(() => expect(region.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Guidebook editor' })).toBeNull());
    expect(document.activeElement).toBe(copy);
  });
});

describe('publishing flows that end somewhere', () => {
  it('unpublishing asks first: Cancel sends nothing, Unpublish unpublishes', async () => {
    const { requests } = await open(
      (request) =>
        request.url.pathname === '/api/guidebooks/gb-1/unpublish'
          ? json(settingsAnswer({ published: false }))
          : undefined,
      {
        view: { published: true },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Unpublish' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish this guidebook?' }, WAIT);
    expect(dialog.textContent).toContain('The reader link and the QR code you have shared will stop working.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(requests.some((request) => request.url.pathname.endsWith('/unpublish'))).toBe(false);
    expect(screen.getByText('Published')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unpublish this guidebook?' }, WAIT)).getByRole('button', {
        name: 'Unpublish',
      }),
    );
    expect(await screen.findByText('The guidebook is no longer published', {}, WAIT)).toBeDefined();
    expect(
      requests.filter(
        (request) => request.method === 'PUT' && request.url.pathname === '/api/guidebooks/gb-1/unpublish',
      ),
    ).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeDefined(), WAIT);
  });

  it('after publishing, the reader link, a copy button and the QR code show at once', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'clipboard'));
    await open((request) =>
      request.url.pathname === '/api/guidebooks/gb-1/publish' ? json(settingsAnswer({ published: true })) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Your guidebook is published' }, WAIT);
    const link = within(dialog).getByLabelText('Reader link') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/m/uuid-1`);
    const qr = within(dialog).getByRole('img', { name: `QR code of the address of ‘${doc.title}’` });
    expect(qr.getAttribute('width')).toBe('200');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/m/uuid-1`), WAIT);
    expect(within(dialog).getByRole('link', { name: 'Open in a new window' }).getAttribute('href')).toBe(
      `${window.location.origin}/m/uuid-1`,
    );
  });
});

describe('the save state on screen', () => {
  it('reads Saved, then Saving…, then Not saved with a retry that saves again', async () => {
    let attempt = 0;
    const { requests } = await open((request) => {
      if (request.method !== 'PATCH') return undefined;
      attempt += 1;
      return attempt === 1
        ? problem({ status: 500, code: 'internal_error', message: 'Something broke' })
        : json({ _id: 'gb-1', revision: 4, position: 9, patches: [], changed: true });
    });
    const status = await screen.findByRole('status', { name: 'Save state' }, LOADED);
    // visible: not inside an sr-only box
    expect(status.closest('.sr-only')).toBeNull();
    expect(status.textContent).toBe('Saved');
    fireEvent.change(screen.getByRole('textbox', { name: 'Guidebook title' }), { target: { value: 'Renamed' } });
    expect(status.textContent).toBe('Saving…');
    fireEvent.click(
      within(screen.getByRole('toolbar', { name: 'Guidebook editor' })).getByRole('button', { name: 'Saving' }),
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'Save state' }).textContent).toBe('Not saved'), WAIT);
    fireEvent.click(
      within(screen.getByRole('toolbar', { name: 'Guidebook editor' })).getByRole('button', { name: 'Retry' }),
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'Save state' }).textContent).toBe('Saved'), WAIT);
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(2);
  });
});

describe('undo after a reload and a restore that changes nothing', () => {
  const changeAccepted = (revision: number, changed = true) => ({
    _id: 'gb-1',
    revision,
    position: 40 + revision,
    patches: [],
    changed,
  });

  it('the toolbar undo and redo reach the saved changes on the server when the editor has no steps of its own', async () => {
    const { requests } = await open((request) => {
      if (request.method === 'POST' && request.url.pathname === '/api/guidebooks/gb-1/undo')
        return json(changeAccepted(4));
      if (request.method === 'POST' && request.url.pathname === '/api/guidebooks/gb-1/redo')
        return json(changeAccepted(5));
      return undefined;
    });
    // a fresh load of a guidebook saved three times: nothing to undo in memory, but saved changes on the server
    const undo = await screen.findByRole('button', { name: 'Undo' }, LOADED);
    const redo = screen.getByRole('button', { name: 'Redo' }) as HTMLButtonElement;
    expect((undo as HTMLButtonElement).disabled).toBe(false);
    expect(redo.disabled).toBe(true);
    fireEvent.click(undo);
    expect(await screen.findByText('The last saved change was undone', {}, WAIT)).toBeDefined();
    expect(
      requests.filter((request) => request.method === 'POST' && request.url.pathname === '/api/guidebooks/gb-1/undo'),
    ).toHaveLength(1);
    await waitFor(
      () => expect((screen.getByRole('button', { name: 'Redo' }) as HTMLButtonElement).disabled).toBe(false),
      WAIT,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(await screen.findByText('The change was redone', {}, WAIT)).toBeDefined();
    expect(
      requests.filter((request) => request.method === 'POST' && request.url.pathname === '/api/guidebooks/gb-1/redo'),
    ).toHaveLength(1);
  });

  it('restoring a version the guidebook already equals says nothing changed', async () => {
    const who = { userId: 'user-1', name: 'Test Person', role: 'user' };
    const edit = {
      revision: 1,
      time: '2025-11-02T04:00:00.000Z',
      who,
      type: 'GuidebookEdited',
      kind: 'patch',
      summary: [],
      text: 'changed the title',
      changesDocument: true,
    };
    const history = {
      _id: 'gb-1',
      revision: 1,
      created: { time: '2025-11-02T03:04:05.000Z', who },
      results: [edit],
      page: 1,
      pageCount: 1,
      pageSize: 20,
      totalCount: 1,
    };
    const { requests } = await open((request) => {
      if (request.url.pathname === '/api/guidebooks/gb-1/history') return json(history);
      if (request.url.pathname === '/api/guidebooks/gb-1/restore') return json(changeAccepted(1, false));
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'History' }, LOADED));
    const list = await screen.findByRole('list', { name: 'Version history' }, WAIT);
    const created = within(list).getAllByRole('listitem').at(-1)!;
    fireEvent.click(within(created).getByRole('button', { name: 'Restore' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore' }, WAIT);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    expect(
      await screen.findByText('Nothing changed: the guidebook already matches version 0.', {}, WAIT),
    ).toBeDefined();
    expect(screen.queryByText('Version 0 restored')).toBeNull();
    expect(requests.find((request) => request.url.pathname === '/api/guidebooks/gb-1/restore')?.body).toEqual({
      revision: 0,
    });
  });
});
