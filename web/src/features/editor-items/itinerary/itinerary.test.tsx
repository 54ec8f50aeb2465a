import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { produce } from 'immer';
import {
  newContentPage,
  newDay,
  normaliseContentPage,
  richParagraph,
  richTextToPlain,
  type Activity,
  type ContentPage,
  type SubActivity,
} from '@pocketguide/contracts';
import { countingIds, renderWithI18n } from '../test-support.tsx';
import {
  addDay,
  copyActivityBelow,
  copySubActivityBelow,
  normaliseDayTitle,
  relocateSubActivity,
  removeSubActivity,
  stepActivity,
  stepSubActivity,
  type PageRecipe,
} from './itinerary-edits.ts';
import { ItineraryPage } from './itinerary-page.tsx';

const sub = (id: string, text: string): SubActivity => ({
  _id: id,
  place: '',
  time: '',
  schedule: '',
  body: richParagraph(text),
  isImportant: false,
});
const activity = (id: string, subs: SubActivity[], place = ''): Activity => ({
  _id: id,
  place,
  time: '',
  schedule: '',
  subActivities: subs,
  isImportant: false,
});

function itinerary(activities: Activity[][]): ContentPage {
  const page = newContentPage('itinerary', countingIds('page'));
  return {
    ...page,
    days: activities.map((list, index) => ({
      ...newDay(countingIds(`day${index}`)),
      _id: `day-${index + 1}`,
      activities: list,
    })),
  };
}

const apply = (page: ContentPage, recipe: PageRecipe) => produce(page, recipe);
const bodies = (page: ContentPage, day = 0, act = 0) =>
  page.days[day]!.activities[act]!.subActivities.map((entry) => richTextToPlain(entry.body));

describe('itinerary rules', () => {
  it('deleting the last sub-activity leaves an empty, marked replacement ("Enter Activity" is only its placeholder)', () => {
    const page = itinerary([[activity('a1', [sub('s1', 'Palace tour')])]]);
    const next = apply(page, removeSubActivity('day-1', 'a1', 's1', countingIds('new')));
    const subs = next.days[0]!.activities[0]!.subActivities;
    expect(subs).toHaveLength(1);
    expect(subs[0]!._id).toBe('new-1');
    expect(richTextToPlain(subs[0]!.body)).toBe('');
    expect(subs[0]!.isReplacement).toBe(true);
  });

  it('moving the last sub-activity out leaves an empty one; a target holding only that collapses to the moved one', () => {
    const page = itinerary([
      [activity('a1', [sub('s1', 'Palace tour')]), activity('a2', [sub('r2', 'Enter Activity')])],
    ]);
    const next = apply(page, stepSubActivity('day-1', 'a1', 's1', 1, countingIds('new')));
    expect(bodies(next, 0, 0)).toEqual(['']);
    expect(next.days[0]!.activities[0]!.subActivities[0]!.isReplacement).toBe(true);
    expect(next.days[0]!.activities[0]!.subActivities[0]!._id).toBe('new-1');
    expect(next.days[0]!.activities[1]!.subActivities.map((entry) => entry._id)).toEqual(['s1']);
  });

  it('moves a sub-activity within its activity', () => {
    const page = itinerary([[activity('a1', [sub('s1', 'one'), sub('s2', 'two'), sub('s3', 'three')])]]);
    const next = apply(
      page,
      relocateSubActivity(
        'day-1',
        { activityId: 'a1', subActivityId: 's1' },
        { activityId: 'a1', index: 2 },
        countingIds(),
      ),
    );
    expect(bodies(next)).toEqual(['two', 'three', 'one']);
  });

  it('a blank day title stays blank (issue 11: "New Day" is no stored stand-in)', () => {
    const page = produce(itinerary([[]]), (draft) => {
      draft.days[0]!.title = [{ type: 'paragraph', children: [{ text: '   ' }] }];
    });
    const next = apply(page, normaliseDayTitle('day-1', countingIds()));
    expect(next.days[0]!.title).toEqual(richParagraph('   '));
  });

  it('copy below puts a copy with new ids directly below', () => {
    const page = itinerary([[activity('a1', [sub('s1', 'Market')], 'Seoul'), activity('a2', [sub('s2', 'Dinner')])]]);
    const next = apply(page, copyActivityBelow('day-1', 'a1', countingIds('copy')));
    const [first, copy, third] = next.days[0]!.activities;
    expect(first!._id).toBe('a1');
    expect(third!._id).toBe('a2');
    expect(copy!.place).toBe('Seoul');
    expect(copy!._id).toMatch(/^copy-/);
    expect(copy!.subActivities[0]!._id).toMatch(/^copy-/);
    expect(bodies(next, 0, 1)).toEqual(['Market']);
    const subs = apply(next, copySubActivityBelow('day-1', 'a2', 's2', countingIds('again'))).days[0]!.activities[2]!
      .subActivities;
    expect(subs.map((entry) => entry._id)).toEqual(['s2', 'again-1']);
  });

  it('steps an activity past the end of its day into the next day', () => {
    const page = itinerary([
      [activity('a1', [sub('s1', 'x')]), activity('a2', [sub('s2', 'y')])],
      [activity('b1', [sub('s3', 'z')])],
    ]);
    const next = apply(page, stepActivity('day-1', 'a2', 1));
    expect(next.days[0]!.activities.map((entry) => entry._id)).toEqual(['a1']);
    expect(next.days[1]!.activities.map((entry) => entry._id)).toEqual(['a2', 'b1']);
  });

  it('the add-day control inserts a day with an empty title ("Day 1" is its placeholder)', () => {
    const next = apply(itinerary([]), addDay(countingIds('d')));
    expect(next.days).toHaveLength(1);
    expect(next.days[0]!.title).toEqual(richParagraph(''));
  });
});

/** The page as the editor would hold it: recipes applied with immer, then the contracts' structural rules. */
function Editor({ initial }: { initial: ContentPage }) {
  const [page, setPage] = useState(initial);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [ids] = useState(() => countingIds('ui'));
  return (
    <ItineraryPage
      item={page}
      editable
      active={activeId !== null}
      activeId={activeId}
      onActivate={() => {}}
      onActivateId={setActiveId}
      ids={ids}
      onEdit={(recipe) => setPage((current) => normaliseContentPage(produce(current, recipe), ids))}
    />
  );
}

describe('itinerary page', () => {
  it('selecting a sub-activity shows its chrome; deleting the last one leaves "Enter Activity"', () => {
    renderWithI18n(<Editor initial={itinerary([[activity('a1', [sub('s1', 'Palace tour')], 'Gyeongbokgung')]])} />);
    const row = screen.getByRole('group', { name: 'Sub-activity 1' });
    fireEvent.focus(within(row).getByLabelText('Sub-activity 1 Place'));
    const chrome = screen.getByRole('toolbar', { name: 'Sub-activity actions' });
    fireEvent.click(within(chrome).getByRole('button', { name: 'Delete' }));
    const body = within(screen.getByRole('group', { name: 'Sub-activity 1' })).getByRole('textbox', {
      name: 'Sub-activity 1 Details',
    });
    expect(body.getAttribute('aria-placeholder')).toBe('Enter Activity');
    expect(body.textContent?.replace('\ufeff', '')).toBe('');
  });

  it('move buttons reorder activities from the keyboard; a toggle shows aria-pressed', () => {
    renderWithI18n(
      <Editor
        initial={itinerary([[activity('a1', [sub('s1', 'x')], 'First'), activity('a2', [sub('s2', 'y')], 'Second')]])}
      />,
    );
    fireEvent.focus(screen.getByLabelText('Activity 2 Place'));
    const chrome = screen.getByRole('toolbar', { name: 'Activity actions' });
    expect((within(chrome).getByRole('button', { name: 'Move down' }) as HTMLButtonElement).disabled).toBe(true);
    const important = within(chrome).getByRole('button', { name: 'Important' });
    expect(important.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(important);
    expect(
      within(screen.getByRole('toolbar', { name: 'Activity actions' }))
        .getByRole('button', { name: 'Important' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(
      within(screen.getByRole('toolbar', { name: 'Activity actions' })).getByRole('button', { name: 'Move up' }),
    );
    expect((screen.getByLabelText('Activity 1 Place') as HTMLInputElement).value).toBe('Second');
  });

  it('a day title left blank stays blank and shows "Day N" as its placeholder, in the author\'s language', async () => {
    const initial = produce(itinerary([[]]), (draft) => {
      draft.days[0]!.title = richParagraph('');
    });
    const { unmount } = renderWithI18n(<ItineraryPageWithoutRules initial={initial} />);
    const title = screen.getByRole('textbox', { name: 'Day title' });
    fireEvent.focus(title);
    fireEvent.blur(title);
    const after = screen.getByRole('textbox', { name: 'Day title' });
    expect(after.textContent).not.toContain('New Day');
    expect(after.getAttribute('aria-placeholder')).toBe('Day 1');
    unmount();
    renderWithI18n(<ItineraryPageWithoutRules initial={initial} />, { language: 'ko' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '일차 제목' }).getAttribute('aria-placeholder')).toBe('1일차'),
    );
  });

  it('copy below from the chrome adds the copy under the original', () => {
    renderWithI18n(<Editor initial={itinerary([[activity('a1', [sub('s1', 'x')], 'Market')]])} />);
    fireEvent.focus(screen.getByLabelText('Activity 1 Place'));
    fireEvent.click(
      within(screen.getByRole('toolbar', { name: 'Activity actions' })).getByRole('button', { name: 'Copy below' }),
    );
    expect((screen.getByLabelText('Activity 2 Place') as HTMLInputElement).value).toBe('Market');
  });

  it('readers see no inputs, no chrome and no "Enter Activity" stand-in', () => {
    const page = itinerary([
      [
        activity('a1', [sub('s1', 'Palace tour')], 'Gyeongbokgung'),
        activity('a2', [sub('r1', 'Enter Activity')], 'Market'),
      ],
    ]);
    renderWithI18n(
      <ItineraryPage
        item={page}
        editable={false}
        active={false}
        activeId={null}
        onActivate={() => {}}
        onActivateId={() => {}}
        onEdit={() => {}}
        ids={countingIds()}
      />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.getByText('Gyeongbokgung')).toBeTruthy();
    expect(screen.getByText('Palace tour')).toBeTruthy();
    expect(screen.queryByText('Enter Activity')).toBeNull();
  });
});

function ItineraryPageWithoutRules({ initial }: { initial: ContentPage }) {
  const [page, setPage] = useState(initial);
  const [activeId, setActiveId] = useState<string | null>(null);
  return (
    <ItineraryPage
      item={page}
      editable
      active={activeId !== null}
      activeId={activeId}
      onActivate={() => {}}
      onActivateId={setActiveId}
      ids={countingIds()}
      onEdit={(recipe) => setPage((current) => produce(current, recipe))}
    />
  );
}
