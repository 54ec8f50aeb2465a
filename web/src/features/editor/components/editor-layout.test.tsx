import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn, signedInAdmin } from '../../../testing/sessions.ts';
import { WAIT } from '../../../testing/wait-budget.ts';
import { guidebookView, sampleDocument } from '../testing/editor-fixtures.ts';

// The editor's layout around the canvas: the notification banner and the administrator's toolbar strip (spec §2).
/** the editor's lazy parts load cold in the first test: the tests' one wait budget (TEST_WAIT_MS) */
const LOADED = WAIT;
const doc = sampleDocument();

function openSaved(
  handler: (request: RecordedRequest) => Response | undefined,
  auth = signedIn({ language: 'en', id: 'user-1' }),
) {
  const requests = stubFetch(
    (request) => handler(request) ?? json(guidebookView(doc, 3, { user: 'owner-7', company: '제주여행사' })),
  );
  return { requests, ...renderApp({ path: '/guidebooks/edit/gb-1', auth, language: 'en' }) };
}

async function editTitleAndSave(text: string) {
  const title = await screen.findByRole('textbox', { name: 'Guidebook title' }, LOADED);
  fireEvent.change(title, { target: { value: text } });
  fireEvent.click(
    within(screen.getByRole('toolbar', { name: 'Guidebook editor' })).getByRole('button', { name: 'Saving' }),
  );
}

describe('the editor layout', () => {
  it('gives an administrator a strip naming the owner, the id and version, with the back-office links', async () => {
    openSaved(() => undefined, signedInAdmin({ language: 'en', id: 'admin-1' }));
    const strip = await screen.findByRole('region', { name: 'Administrator tools' }, LOADED);
    expect(strip.textContent).toContain('제주여행사');
    expect(strip.textContent).toContain("Another user's guidebook");
    expect(strip.textContent).toContain('gb-1');
    expect(strip.textContent).toContain('Version 3');
    expect(within(strip).getByRole('link', { name: "Owner's guidebooks" }).getAttribute('href')).toBe(
      '/admin/users/owner-7/guidebooks',
    );
    expect(within(strip).getByRole('link', { name: 'All guidebooks' }).getAttribute('href')).toBe('/admin/guidebooks');
  });

  it('shows no strip to an author', async () => {
    openSaved(() => undefined);
    await screen.findByRole('textbox', { name: 'Guidebook title' }, LOADED);
    expect(screen.queryByRole('region', { name: 'Administrator tools' })).toBeNull();
  });

  it('keeps a red banner while the latest changes are refused, until a save goes through', async () => {
    let patches = 0;
    openSaved((request) => {
      if (request.method !== 'PATCH') return undefined;
      patches += 1;
      return patches === 1
        ? problem({ status: 422, code: 'invalid_patch', message: 'The change does not fit this guidebook' })
        : json({ _id: 'gb-1', position: 90, revision: 4, patches: [], changed: true });
    });
    await editTitleAndSave('Jeju in spring');
    const banner = await screen.findByText(
      'Your latest changes are not saved: The change does not fit this guidebook',
      {},
      LOADED,
    );
    expect(banner.closest('[role="alert"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(/Your latest changes are not saved/)).toBeNull());
    expect(patches).toBe(2);
  });

  it('says the server cannot be reached when the save gets no answer', async () => {
    openSaved((request) => {
      if (request.method === 'PATCH') throw new TypeError('Failed to fetch');
      return undefined;
    });
    await editTitleAndSave('Jeju in spring');
    expect(
      await screen.findByText(
        'The server could not be reached. Your changes are kept here and will be saved as soon as it answers.',
        {},
        LOADED,
      ),
    ).toBeDefined();
  });

  it('warns in yellow that a new guidebook is not saved yet, and that an empty title stops saving', async () => {
    stubFetch(() => json({ results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 }));
    renderApp({ path: '/guidebooks/create', auth: signedIn({ language: 'en' }), language: 'en' });
    expect(await screen.findByText(/This guidebook is not saved yet/, {}, LOADED)).toBeDefined();
    fireEvent.change(screen.getByRole('textbox', { name: 'Guidebook title' }), { target: { value: '  ' } });
    expect(
      await screen.findByText('Title cannot be empty. Changes are saved once the guidebook has a title.'),
    ).toBeDefined();
  });
});
