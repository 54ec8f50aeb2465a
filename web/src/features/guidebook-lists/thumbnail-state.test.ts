import { describe, expect, it } from 'vitest';
import { needsThumbnailRegeneration, thumbnailStateOf } from './thumbnail-state.ts';

const base = {
  published: true,
  isPublicGallery: false,
  thumbnailUrl: null,
  thumbnailGeneratedAt: null,
  updatedAt: '2025-11-02T03:00:00.000Z',
};

describe('a card thumbnail’s state (spec 1 §4)', () => {
  it('not published: locked, whatever else it has', () => {
    expect(thumbnailStateOf({ ...base, published: false })).toBe('locked');
    expect(thumbnailStateOf({ ...base, published: false, thumbnailUrl: 'https://cdn.example/t.png' })).toBe('locked');
  });

  it('published with a thumbnail: ready', () => {
    expect(thumbnailStateOf({ ...base, thumbnailUrl: 'https://cdn.example/t.png' })).toBe('ready');
  });

  it('published in the gallery without one: being generated; outside the gallery: the title placeholder', () => {
    expect(thumbnailStateOf({ ...base, isPublicGallery: true })).toBe('generating');
    expect(thumbnailStateOf(base)).toBe('placeholder');
  });
});

describe('whether a card needs a new thumbnail', () => {
  const made = { thumbnailUrl: 'https://cdn.example/t.png', thumbnailGeneratedAt: '2025-11-02T03:00:00.000Z' };

  it('never when not published', () => {
    expect(needsThumbnailRegeneration({ ...base, published: false })).toBe(false);
  });

  it('when published with no thumbnail or no generation date', () => {
    expect(needsThumbnailRegeneration(base)).toBe(true);
    expect(needsThumbnailRegeneration({ ...base, thumbnailUrl: made.thumbnailUrl })).toBe(true);
  });

  it('when changed more than a minute after the thumbnail was made', () => {
    expect(needsThumbnailRegeneration({ ...base, ...made, updatedAt: '2025-11-02T03:01:00.000Z' })).toBe(false);
    expect(needsThumbnailRegeneration({ ...base, ...made, updatedAt: '2025-11-02T03:01:00.001Z' })).toBe(true);
  });
});
