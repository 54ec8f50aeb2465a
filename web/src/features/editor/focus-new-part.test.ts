import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { focusNewPart } from './focus-new-part.ts';

function part(id: string, field?: 'input'): HTMLElement {
  const element = document.createElement('div');
  element.dataset.itemId = id;
  if (field) element.appendChild(document.createElement(field));
  document.body.appendChild(element);
  return element;
}

const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
    next(count);
  });

describe('focusNewPart', () => {
  beforeAll(() => {
    // jsdom lays nothing out, so it has no scrollIntoView
    Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  });
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('given a part drawn with a text field, when it is added, then its field takes the focus', async () => {
    const text = part('text-1', 'input');
    focusNewPart('text-1');
    await waitFor(() => expect(document.activeElement).toBe(text.querySelector('input')));
  });

  it('given a part with no text field (an image), when it is added, then the part itself takes the focus at once', async () => {
    const image = part('image-1');
    focusNewPart('image-1');
    await frames(3);
    expect(document.activeElement).toBe(image);
    expect(image.tabIndex).toBe(-1);
  });

  it('given a first part not drawn yet, when a second is added before it shows, then only the second takes the focus', async () => {
    // the add menu inserts after the selected part: a late focus on the first would move the selection back
    focusNewPart('late-1');
    const second = part('second-1', 'input');
    focusNewPart('second-1');
    await waitFor(() => expect(document.activeElement).toBe(second.querySelector('input')));
    part('late-1', 'input');
    await frames(5);
    expect(document.activeElement).toBe(second.querySelector('input'));
  });
});
