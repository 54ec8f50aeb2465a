import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { produce } from 'immer';
import { newContentPage, richParagraph, type Activity, type ContentPage } from '@pocketguide/contracts';
import { countingIds, renderWithI18n } from '../test-support.tsx';
import { ItineraryPage } from './itinerary-page.tsx';

/** jsdom has no DataTransfer; the HTML5 backend only needs these parts of it. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    dropEffect: 'move',
    effectAllowed: 'all',
    files: [],
    items: [],
    types: [] as string[],
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    clearData: () => data.clear(),
    setDragImage: () => undefined,
  };
}

const activity = (id: string, place: string): Activity => ({
  _id: id,
  place,
  time: '',
  schedule: '',
  isImportant: false,
  subActivities: [
    { _id: `${id}-s`, place: '', time: '', schedule: '', body: richParagraph(`${place} details`), isImportant: false },
  ],
});

function page(): ContentPage {
  const base = newContentPage('itinerary', countingIds('p'));
  return {
    ...base,
    days: [
      {
        _id: 'd1',
        title: richParagraph('Day 1'),
        activities: [activity('a1', 'Palace'), activity('a2', 'Market')],
        meals: [],
      },
      {
        _id: 'd2',
        title: richParagraph('Day 2'),
        activities: [
          {
            ...activity('b1', 'Beach'),
            subActivities: ['Swim', 'Lunch'].map((text, index) => ({
              _id: `b1-${index}`,
              place: '',
              time: '',
              schedule: '',
              body: richParagraph(text),
              isImportant: false,
            })),
          },
        ],
        meals: [],
      },
    ],
  };
}

function Editor({ onEdited }: { onEdited(page: ContentPage): void }) {
  const [value, setValue] = useState(page);
  return (
    <ItineraryPage
      item={value}
      editable
      active={false}
      activeId={null}
      onActivate={() => {}}
      onActivateId={() => {}}
      ids={countingIds('dnd')}
      onEdit={(recipe) => {
        const next = produce(value, recipe);
        setValue(next);
        onEdited(next);
      }}
    />
  );
}

const handleOf = (row: HTMLElement) => row.querySelector('[draggable="true"]') as HTMLElement;

describe('itinerary drag and drop', () => {
  it('drops an activity into another day', () => {
    const onEdited = vi.fn();
    renderWithI18n(<Editor onEdited={onEdited} />);
    const [, day2] = screen.getAllByRole('region');
    const source = screen.getAllByRole('group', { name: 'Activity 1' })[0]!;
    const target = within(day2!).getByRole('group', { name: 'Activity 1' });
    const transfer = dataTransfer();
    fireEvent.dragStart(handleOf(source), { dataTransfer: transfer });
    fireEvent.dragEnter(target, { dataTransfer: transfer, clientX: 1, clientY: 1 });
    fireEvent.dragOver(target, { dataTransfer: transfer, clientX: 1, clientY: 1 });
    fireEvent.drop(target, { dataTransfer: transfer, clientX: 1, clientY: 1 });
    // The dragged row now lives in the other day; the drag ends on the page.
    fireEvent.dragEnd(document.body, { dataTransfer: transfer });
    const next = onEdited.mock.lastCall?.[0] as ContentPage;
    expect(next.days[0]!.activities.map((entry) => entry._id)).toEqual(['a2']);
    expect(next.days[1]!.activities.map((entry) => entry._id)).toEqual(['b1', 'a1']);
  });

  it('reorders sub-activities within their activity', () => {
    const onEdited = vi.fn();
    renderWithI18n(<Editor onEdited={onEdited} />);
    const [, day2] = screen.getAllByRole('region');
    const transfer = dataTransfer();
    const first = within(day2!).getByRole('group', { name: 'Sub-activity 1' });
    const second = within(day2!).getByRole('group', { name: 'Sub-activity 2' });
    fireEvent.dragStart(handleOf(first), { dataTransfer: transfer });
    fireEvent.dragEnter(second, { dataTransfer: transfer, clientX: 1, clientY: 1 });
    fireEvent.dragOver(second, { dataTransfer: transfer, clientX: 1, clientY: 1 });
    fireEvent.drop(second, { dataTransfer: transfer, clientX: 1, clientY: 1 });
    fireEvent.dragEnd(document.body, { dataTransfer: transfer });
    const next = onEdited.mock.lastCall?.[0] as ContentPage;
    expect(next.days[1]!.activities[0]!.subActivities.map((entry) => entry._id)).toEqual(['b1-1', 'b1-0']);
  });

  it('a drag that is not dropped changes nothing', () => {
    const onEdited = vi.fn();
    renderWithI18n(<Editor onEdited={onEdited} />);
    const source = screen.getAllByRole('group', { name: 'Activity 1' })[0]!;
    const transfer = dataTransfer();
    fireEvent.dragStart(handleOf(source), { dataTransfer: transfer });
    fireEvent.dragEnter(screen.getAllByRole('group', { name: 'Activity 2' })[0]!, {
      dataTransfer: transfer,
      clientX: 1,
      clientY: 1,
    });
    fireEvent.dragEnd(handleOf(source), { dataTransfer: transfer });
    expect(onEdited).not.toHaveBeenCalled();
    expect((screen.getAllByLabelText('Activity 1 Place')[0] as HTMLInputElement).value).toBe('Palace');
  });

  it('sub-activities only drop within their own activity', () => {
    const onEdited = vi.fn();
    renderWithI18n(<Editor onEdited={onEdited} />);
    const [day1] = screen.getAllByRole('region');
    const first = within(day1!).getAllByRole('group', { name: 'Sub-activity 1' });
    const transfer = dataTransfer();
    fireEvent.dragStart(handleOf(first[0]!), { dataTransfer: transfer });
    fireEvent.dragEnter(first[1]!, { dataTransfer: transfer, clientX: 1, clientY: 1 });
    fireEvent.dragOver(first[1]!, { dataTransfer: transfer, clientX: 1, clientY: 1 });
    fireEvent.drop(first[1]!, { dataTransfer: transfer, clientX: 1, clientY: 1 });
    fireEvent.dragEnd(handleOf(first[0]!), { dataTransfer: transfer });
    expect(onEdited).not.toHaveBeenCalled();
  });
});
