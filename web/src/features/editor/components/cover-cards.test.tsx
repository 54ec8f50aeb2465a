import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { newContentPage } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn } from '../../../testing/sessions.ts';
import { countingIds, guidebookView, sampleDocument } from '../testing/editor-fixtures.ts';
import { WAIT } from '../../../testing/wait-budget.ts';

// Issue 11: the editor draws every cover part the viewer draws (the cards too), and empty texts show placeholders
// in the author's language instead of stored stand-ins.
const LOADED = WAIT;

function openSaved(doc = sampleDocument(), path = '/guidebooks/edit/gb-1', language: 'en' | 'ko' = 'en') {
  const requests: RecordedRequest[] = [];
  stubFetch((request) => {
    requests.push(request);
    return request.method === 'PATCH'
      ? json({ _id: 'gb-1', position: 90, revision: 4, patches: [], changed: true })
      : json(guidebookView(doc, 3));
  });
  renderApp({ path, auth: signedIn({ language: language === 'ko' ? 'kr' : 'en', id: 'user-1' }), language });
  return { doc, requests };
}

describe('the cover cards in the editor', () => {
  it(
    'shows every card of the sample, as the viewer does, and edits and deletes them',
    { timeout: 30_000 },
    async () => {
      const { doc } = openSaved();
      const group = await screen.findByRole('group', { name: 'Cover cards' }, LOADED);
      const cards = [...group.querySelectorAll<HTMLElement>('[data-card-type]')];
      expect(cards.map((card) => card.dataset.cardType)).toEqual(doc.home.cards.map((card) => card.type));
      expect(group.textContent).toContain('The trip at a glance');
      expect(within(group).getByDisplayValue('Hallasan')).toBeDefined();
      expect(within(group).getByDisplayValue('Olle trails')).toBeDefined();
      expect(
        within(group).getByDisplayValue('Black pork, pork noodle soup, cutlassfish, abalone porridge'),
      ).toBeDefined();

      // edit a heading in place
      const heading = within(group).getByDisplayValue('Hallasan');
      fireEvent.pointerDown(heading);
      fireEvent.change(heading, { target: { value: 'Hallasan (1,947 m)' } });
      expect(within(group).getByDisplayValue('Hallasan (1,947 m)')).toBeDefined();

      // the selected card offers its picture's removal and its deletion
      const toolbar = screen.getByRole('toolbar', { name: 'Picture card options' });
      fireEvent.click(within(toolbar).getByRole('button', { name: 'Remove image' }));
      expect(cards[2]!.querySelector('img')).toBeNull();
      fireEvent.click(within(toolbar).getByRole('button', { name: 'Delete card' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete card' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(group.querySelectorAll('[data-card-type]')).toHaveLength(doc.home.cards.length - 1));
      expect(group.querySelector('[data-card-type="leftImageCard"]')).toBeNull();

      // undo brings the card back
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(group.querySelectorAll('[data-card-type]')).toHaveLength(doc.home.cards.length));
    },
  );

  it(
    'adds a card of any type, selected, and offers a picture upload for the cards that show one',
    { timeout: 30_000 },
    async () => {
      const { doc } = openSaved();
      const group = await screen.findByRole('group', { name: 'Cover cards' }, LOADED);
      const trigger = within(group).getByRole('button', { name: 'Add card' });
      fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false });
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Picture card' }));
      await waitFor(() => expect(group.querySelectorAll('[data-card-type]')).toHaveLength(doc.home.cards.length + 1));
      const added = [...group.querySelectorAll<HTMLElement>('[data-card-type]')].at(-1)!;
      expect(added.dataset.cardType).toBe('leftImageCard');
      const toolbar = screen.getByRole('toolbar', { name: 'Picture card options' });
      expect(within(toolbar).getByRole('button', { name: 'Upload image' })).toBeDefined();
      // the picture of a card that has one can be replaced
      fireEvent.pointerDown(group.querySelector('[data-card-type="leftImageCard"]')!);
      expect(
        within(screen.getByRole('toolbar', { name: 'Picture card options' })).getByRole('button', {
          name: 'Replace image',
        }),
      ).toBeDefined();
    },
  );
});

describe.each([
  {
    language: 'en' as const,
    untitled: 'Untitled Guidebook',
    type: 'Attractions',
    subtitle: 'Subtitle',
    typeLabel: 'Type 1 · Attractions',
  },
  {
    language: 'ko' as const,
    untitled: '제목 없는 가이드북',
    type: '명소',
    subtitle: '부제목',
    typeLabel: '유형 1 · 명소',
  },
])('placeholders in $language', ({ language, untitled, type, subtitle, typeLabel }) => {
  it(
    'an untitled page shows its type name and "Subtitle" as greyed placeholders, never as values',
    { timeout: 30_000 },
    async () => {
      const doc = sampleDocument();
      doc.contents.unshift(newContentPage('attractions', countingIds('new')));
      const page = doc.contents[0]!;
      openSaved(doc, `/guidebooks/edit/gb-1/contents/${page._id}`, language);
      const title = (await screen.findByPlaceholderText(type, {}, LOADED)) as HTMLInputElement;
      expect(title.value).toBe('');
      expect((screen.getByPlaceholderText(subtitle) as HTMLInputElement).value).toBe('');
      expect(screen.getByText(typeLabel)).toBeDefined();
      expect(document.body.textContent).not.toMatch(/ATTRACTIONS|Type 1(?! ·)/);
    },
  );

  it(
    "a new guidebook is untitled: the title field shows the placeholder in the author's language",
    { timeout: 30_000 },
    async () => {
      stubFetch(() => json({ results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 }));
      renderApp({
        path: '/guidebooks/create',
        auth: signedIn({ language: language === 'ko' ? 'kr' : 'en' }),
        language,
      });
      const title = (await screen.findByPlaceholderText(untitled, {}, LOADED)) as HTMLInputElement;
      expect(title.value).toBe('');
      // no card is drawn (readers get none); only the way to add one is offered
      expect(document.querySelector('[data-part="cards"]')).toBeNull();
      expect(document.querySelector('[data-card-type]')).toBeNull();
    },
  );
});
