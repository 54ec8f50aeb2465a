import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  newSectionItem,
  richParagraph,
  SECTION_ITEM_TYPES,
  type SectionItem,
  type SectionItemOf,
} from '@pocketguide/contracts';
import { youTubeId } from '@pocketguide/contracts/viewer/render-items';
import { editorItemRegistry, sectionItemComponents } from '../registry.ts';
import { SectionItemView } from '../section-item-view.tsx';
import { countingIds, editableValue, renderWithI18n } from '../test-support.tsx';
import { AccordionItem } from './accordion-items.tsx';
import { AirticketItem, flightTime } from './airticket-item.tsx';
import { flightTimeText } from '@pocketguide/contracts/viewer/render-items';
import { VIEWER_TEXTS } from '@pocketguide/contracts/viewer/viewer-texts';
import { buttonUrlFromInput, ButtonItem } from './button-item.tsx';
import { ImageItem, ImageTextItem } from './image-items.tsx';
import { VideoItem, videoUrlFromInput, youtubeVideoId } from './video-item.tsx';

const ids = countingIds();
const base = { onActivate: () => {}, onEdit: () => {}, ids };
const image = { large: '/a-l.jpg', medium: '/a-m.jpg', small: '/a-s.jpg' };

describe('registry', () => {
  it('has a component for every section item type, plus the itinerary page and the rich-text field', () => {
    expect(Object.keys(sectionItemComponents).sort()).toEqual([...SECTION_ITEM_TYPES].sort());
    expect(editorItemRegistry.ItineraryPage).toBeDefined();
    expect(editorItemRegistry.RichTextField).toBeDefined();
  });

  it('an unknown type shows a placeholder', () => {
    const unknown = { _id: 'x', isImportant: false, type: 'hologram' } as unknown as SectionItem;
    renderWithI18n(<SectionItemView item={unknown} editable={false} active={false} {...base} />);
    expect(screen.getByRole('note').textContent).toContain('hologram');
  });
});

describe('image-text item', () => {
  it('resets to text mode whenever it becomes active', () => {
    const item = { ...newSectionItem('imagetext', ids), content: richParagraph('Beach') };
    const { rerender } = renderWithI18n(<ImageTextItem item={item} editable active {...base} />);
    const imageMode = screen.getByRole('button', { name: 'Image' });
    fireEvent.click(imageMode);
    expect(imageMode.getAttribute('aria-pressed')).toBe('true');
    rerender(<ImageTextItem item={item} editable active={false} {...base} />);
    expect(screen.queryByRole('button', { name: 'Image' })).toBeNull();
    rerender(<ImageTextItem item={item} editable active {...base} />);
    expect(screen.getByRole('button', { name: 'Text' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Image' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('readers see the text alone when there is no image', () => {
    const item = { ...newSectionItem('imagetext', ids), content: richParagraph('Beach') };
    const { container } = renderWithI18n(<ImageTextItem item={item} editable={false} active={false} {...base} />);
    expect(container.querySelector('.w-2\\/5')).toBeNull();
    expect(screen.getByText('Beach')).toBeTruthy();
  });
});

describe('image item', () => {
  it('a sticky image is pinned to the top in view mode', () => {
    const item: SectionItemOf<'image'> = { ...newSectionItem('image', ids), image, isImportant: true };
    const { container } = renderWithI18n(<ImageItem item={item} editable={false} active={false} {...base} />);
    expect(container.querySelector('[data-sticky]')?.className).toContain('sticky');
    expect(container.querySelector('img')?.getAttribute('srcset')).toBe('/a-s.jpg 320w, /a-m.jpg 640w, /a-l.jpg 1280w');
  });

  it('without an image the editor shows a placeholder 70 px high, readers nothing', () => {
    const item = newSectionItem('image', ids);
    const { container, rerender } = renderWithI18n(<ImageItem item={item} editable active={false} {...base} />);
    expect((container.querySelector('[style]') as HTMLElement).style.minHeight).toBe('70px');
    rerender(<ImageItem item={item} editable={false} active={false} {...base} />);
    expect(container.querySelector('[style]')).toBeNull();
  });
});

describe('accordion and airticket items', () => {
  it('toggle open and closed by click in view mode', () => {
    const item = {
      ...newSectionItem('accordion', ids),
      title: richParagraph('Visa'),
      body: richParagraph('Apply early'),
    };
    renderWithI18n(<AccordionItem item={item} editable={false} active={false} {...base} />);
    const header = screen.getByRole('button', { name: 'Visa' });
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Apply early')).toBeNull();
    fireEvent.click(header);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Apply early')).toBeTruthy();
    fireEvent.keyDown(header, { key: 'Enter' });
    expect(header.getAttribute('aria-expanded')).toBe('false');
  });

  it('an air ticket is an open card whose flight fields edit the ticket; a ticket saved without them reads and gains them on edit', () => {
    const value = editableValue({
      ...newSectionItem('airticket', ids),
      title: richParagraph('ICN → CJU'),
      images: [image],
    } as SectionItemOf<'airticket'>);
    delete value.value.flight;
    // read through a function: after the delete, TypeScript would take the field for undefined for good
    const flight = () => value.value.flight;
    const { container, rerender } = renderWithI18n(
      <AirticketItem
        item={value.value}
        editable
        active={false}
        onActivate={() => {}}
        onEdit={value.onEdit}
        ids={ids}
      />,
    );
    expect(container.querySelectorAll('img')).toHaveLength(1);
    fireEvent.change(screen.getByRole('textbox', { name: 'Flight' }), { target: { value: 'KE1203' } });
    expect(flight()).toEqual({
      airline: '',
      flightNumber: 'KE1203',
      from: '',
      to: '',
      departs: '',
      arrives: '',
      seat: '',
      cabin: '',
    });
    rerender(
      <AirticketItem
        item={value.value}
        editable
        active={false}
        onActivate={() => {}}
        onEdit={value.onEdit}
        ids={ids}
      />,
    );
    fireEvent.change(screen.getByLabelText('Departs'), { target: { value: '2026-05-02T08:30' } });
    expect(flight()?.departs).toBe('2026-05-02T08:30');
    // readers' view: the filled fields only, times as a ticket reads
    rerender(<AirticketItem item={value.value} editable={false} active={false} {...base} />);
    expect(container.querySelector('[data-flight]')?.textContent).toBe('FlightKE1203DepartsSat 2 May, 08:30');
    expect(container.querySelector('[data-flight-route]')).toBeNull();
  });

  it("the editor writes a ticket's times as the reader does, in both languages", () => {
    for (let day = 1; day <= 14; day++) {
      const value = `2026-${day % 12 === 0 ? 12 : String(day % 12).padStart(2, '0')}-${String(day).padStart(2, '0')}T0${day % 10}:45`;
      expect(flightTime(value, 'ko'), value).toBe(flightTimeText(value, VIEWER_TEXTS.ko));
      expect(flightTime(value, 'en'), value).toBe(flightTimeText(value, VIEWER_TEXTS.en));
    }
  });

  it('removing an image edits the list', () => {
    const value = editableValue({
      ...newSectionItem('airticket', ids),
      images: [image, { ...image, large: '/b-l.jpg' }],
    });
    renderWithI18n(
      <AirticketItem item={value.value} editable active onActivate={() => {}} onEdit={value.onEdit} ids={ids} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(value.value.images.map((entry) => entry.large)).toEqual(['/b-l.jpg']);
  });
});

describe('video item', () => {
  it('YouTube links at 16:9 behind a facade that loads the player when played; placeholder without a source', () => {
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://vimeo.com/1')).toBeNull();
    // The viewer accepts exactly the same links.
    for (const url of [
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=3',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQx',
      'https://vimeo.com/1',
      'https://example.com/watch?v=dQw4w9WgXcQ',
    ]) {
      expect(youtubeVideoId(url), url).toBe(youTubeId(url));
    }
    expect(videoUrlFromInput('youtu.be/dQw4w9WgXcQ')).toBe('https://youtu.be/dQw4w9WgXcQ');
    expect(videoUrlFromInput('https://example.com')).toBeNull();

    const empty = newSectionItem('video', ids);
    const { container, rerender } = renderWithI18n(
      <VideoItem item={empty} editable={false} active={false} {...base} />,
    );
    expect(container.textContent).toContain('Please add YouTube video source');
    expect(container.querySelector('.aspect-video')).not.toBeNull();
    rerender(
      <VideoItem item={{ ...empty, url: 'https://youtu.be/dQw4w9WgXcQ' }} editable={false} active={false} {...base} />,
    );
    // A facade first: nothing is loaded from YouTube until the video is played.
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play video: YouTube dQw4w9WgXcQ' }));
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    // Another address shows its facade again.
    rerender(
      <VideoItem
        item={{ ...empty, url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }}
        editable={false}
        active={false}
        {...base}
      />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('[data-video-facade="aqz-KE-bpKQ"]')).not.toBeNull();
  });

  it('in edit mode a URL field saves a valid address', () => {
    const value = editableValue(newSectionItem('video', ids));
    renderWithI18n(
      <VideoItem item={value.value} editable active onActivate={() => {}} onEdit={value.onEdit} ids={ids} />,
    );
    const field = screen.getByLabelText('YouTube address');
    fireEvent.change(field, { target: { value: 'not a video' } });
    fireEvent.blur(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(value.value.url).toBe('');
    fireEvent.change(field, { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(value.value.url).toBe('https://youtu.be/dQw4w9WgXcQ');
  });
});

describe('button item', () => {
  it('shows "Enter button title" only to the author, as a placeholder; readers see nothing until it is titled or linked', () => {
    expect(buttonUrlFromInput('www.visitjeju.net')).toBe('http://www.visitjeju.net');
    const item = newSectionItem('button', ids);
    expect(item.title).toBe('');
    const { rerender } = renderWithI18n(<ButtonItem item={item} editable={false} active={false} {...base} />);
    expect(screen.queryByText('Enter button title')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<ButtonItem item={item} editable active={false} {...base} />);
    expect(screen.getByText('Enter button title').className).toContain('text-white/70');
    rerender(<ButtonItem item={item} editable active {...base} />);
    expect((screen.getByLabelText('Button title') as HTMLInputElement).placeholder).toBe('Enter button title');
    rerender(
      <ButtonItem
        item={{ ...item, title: 'Book now', url: 'https://example.com' }}
        editable={false}
        active={false}
        {...base}
      />,
    );
    expect(screen.getByRole('link', { name: 'Book now' }).getAttribute('href')).toBe('https://example.com');
  });

  it('edits its title with the typing label', () => {
    const onEdit = vi.fn();
    renderWithI18n(
      <ButtonItem
        item={newSectionItem('button', ids)}
        editable
        active
        onActivate={() => {}}
        onEdit={onEdit}
        ids={ids}
      />,
    );
    fireEvent.change(screen.getByLabelText('Button title'), { target: { value: 'Book' } });
    expect(onEdit).toHaveBeenCalledWith(expect.any(Function), 'typing');
  });
});

describe('items in Korean', () => {
  it('the video placeholder is translated', async () => {
    renderWithI18n(<VideoItem item={newSectionItem('video', ids)} editable={false} active={false} {...base} />, {
      language: 'ko',
    });
    await waitFor(() => expect(screen.getByText('유튜브 동영상 주소를 추가해 주세요')).toBeTruthy());
  });
});
