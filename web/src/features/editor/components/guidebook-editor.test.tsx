import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch } from '../../../testing/fake-api.ts';
import { signedIn } from '../../../testing/sessions.ts';
import { WAIT } from '../../../testing/wait-budget.ts';
import { guidebookView, sampleDocument } from '../testing/editor-fixtures.ts';

// the first test also waits for the editor's lazy route to load
/** the editor's lazy parts load cold in the first test: the tests' one wait budget (TEST_WAIT_MS) */
const LOADED = WAIT;
const doc = sampleDocument();
const attractions = doc.contents.find((page) => page.contentType === 'attractions')!;

describe('the guidebook editor', () => {
  it('opens a saved guidebook: title, cover parts and one tile per page', async () => {
    stubFetch(() => json(guidebookView(doc, 3)));
    renderApp({ path: '/guidebooks/edit/gb-1', auth: signedIn({ language: 'en' }), language: 'en' });

    const title = await screen.findByRole('textbox', { name: 'Guidebook title' }, LOADED);
    expect((title as HTMLInputElement).value).toBe(doc.title);
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getAllByRole('listitem')).toHaveLength(doc.contents.length + 1); // + the add-page tile
    expect(screen.getByRole('link', { name: 'Back to Guidebooks' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDefined();
  });

  it('undoes and redoes a title edit from the menu and the keyboard', async () => {
    stubFetch(() => json(guidebookView(doc, 3)));
    renderApp({ path: '/guidebooks/edit/gb-1', auth: signedIn({ language: 'en' }), language: 'en' });
    const title = (await screen.findByRole('textbox', { name: 'Guidebook title' }, LOADED)) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Renamed' } });
    expect(screen.getByRole('button', { name: 'Saving' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(title.value).toBe(doc.title);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(title.value).toBe('Renamed');
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(title.value).toBe(doc.title);
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(title.value).toBe('Renamed');
  });

  it('shows a content page with its type label, its items and the add menu', async () => {
    stubFetch(() => json(guidebookView(doc, 3)));
    renderApp({
      path: `/guidebooks/edit/gb-1/contents/${attractions._id}`,
      auth: signedIn({ language: 'en' }),
      language: 'en',
    });
    expect(await screen.findByRole('link', { name: 'Back to COVER' }, LOADED)).toBeDefined();
    // the type by its translated name, never its code
    expect(screen.getByText('Type 1 · Attractions')).toBeDefined();
    const addMenu = screen.getByRole('group', { name: 'Add to this page' });
    expect(within(addMenu).getAllByRole('button')).toHaveLength(9);
    const before = document.querySelectorAll('[data-item-id]').length;
    fireEvent.click(within(addMenu).getByRole('button', { name: 'Add Video' }));
    expect(document.querySelectorAll('[data-item-id]').length).toBe(before + 1);
  });

  it('adds a page from the choose-content popup: a preset or a sample page with fresh ids', async () => {
    const sample = { ...attractions, origin: 'built-in' as const };
    stubFetch((request) =>
      request.url.pathname === '/api/sample/guidebook-content'
        ? json({ results: [sample] })
        : json(guidebookView(doc, 3)),
    );
    renderApp({ path: '/guidebooks/edit/gb-1', auth: signedIn({ language: 'en' }), language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add page' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Choose content' });
    expect(within(dialog).getByText('general purpose')).toBeDefined();
    expect(within(dialog).queryByText(/ITINERARY|ATTRACTIONS/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /Itinerary/ }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    // the new page is untitled: its tile shows the type's name as a greyed placeholder
    expect(
      within(menu)
        .getAllByText('Itinerary')
        .some((tile) => tile.className.includes('text-neutral-400')),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Add page' }));
    const again = await screen.findByRole('dialog', { name: 'Choose content' });
    fireEvent.click(await within(again).findByRole('button', { name: new RegExp(attractions.title) }));
    const tiles = within(menu).getAllByRole('link');
    expect(tiles.filter((tile) => tile.textContent === attractions.title)).toHaveLength(2);
    // the copy got fresh ids: its link differs from the original's
    const hrefs = tiles
      .filter((tile) => tile.textContent === attractions.title)
      .map((tile) => tile.getAttribute('href'));
    expect(new Set(hrefs).size).toBe(2);
  });

  it('sends someone else to the preview on 403', async () => {
    stubFetch((request) =>
      request.url.pathname === '/api/guidebooks/gb-9'
        ? problem({ status: 403, code: 'forbidden', message: 'Forbidden' })
        : json({}),
    );
    const { router } = renderApp({ path: '/guidebooks/edit/gb-9', auth: signedIn({ language: 'en' }), language: 'en' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/guidebooks/preview/gb-9'));
  });

  it('a new guidebook starts untitled, and leaving it untouched asks nothing (nothing would be lost)', async () => {
    stubFetch(() => json({ results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 }));
    const { router } = renderApp({ path: '/guidebooks/create', auth: signedIn({ language: 'en' }), language: 'en' });
    const title = (await screen.findByRole('textbox', { name: 'Guidebook title' }, LOADED)) as HTMLInputElement;
    // 'Untitled Guidebook' is the field's placeholder, not its value (issue 11)
    expect(title.value).toBe('');
    expect(title.placeholder).toBe('Untitled Guidebook');
    fireEvent.click(screen.getByRole('link', { name: 'Back to Guidebooks' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/guidebooks/create'));
    expect(
      screen.queryByText('Warning: Newly created guidebook is not saved yet. Are you sure you wish to continue?'),
    ).toBeNull();
  });

  it('a new guidebook with something typed asks before leaving, and Stay keeps it', async () => {
    stubFetch(() => json({ results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 }));
    const { router } = renderApp({ path: '/guidebooks/create', auth: signedIn({ language: 'en' }), language: 'en' });
    const title = (await screen.findByRole('textbox', { name: 'Guidebook title' }, LOADED)) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Jeju in autumn' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back to Guidebooks' }));
    expect(
      await screen.findByText('Warning: Newly created guidebook is not saved yet. Are you sure you wish to continue?'),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/guidebooks/create');
  });
});
