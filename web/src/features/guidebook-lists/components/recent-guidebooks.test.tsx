import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GuidebookRow } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, stubFetch } from '../../../testing/fake-api.ts';
import { signedIn } from '../../../testing/sessions.ts';
import { WAIT } from '../../../testing/wait-budget.ts';

const owner = signedIn({ language: 'en' });

function row(overrides: Partial<GuidebookRow> = {}): GuidebookRow {
  return {
    _id: 'gb-1',
    uuid: 'uuid-1',
    title: 'Jeju in spring',
    user: owner.user.id,
    company: 'Pocket Travel',
    published: false,
    isPublicGallery: false,
    isSampleGuidebook: false,
    isSampleContent: false,
    thumbnailUrl: null,
    thumbnailGeneratedAt: null,
    views: { count: 0 },
    contentsCount: 2,
    createdAt: '2025-11-02T03:04:05.000Z',
    updatedAt: '2025-11-03T10:20:30.000Z',
    ...overrides,
  };
}

describe('the sample offer', () => {
  it('stays reachable after the first guidebook: a link beside the recent cards leads to the sample', async () => {
    stubFetch(() => json({ results: [row()], page: 1, pageSize: 3, totalCount: 1, pageCount: 1 }));
    const { router } = renderApp({ path: '/guidebooks/recent', language: 'en', auth: owner });
    await screen.findByRole('article', {}, WAIT);
    expect(screen.queryByText('No Recent Guidebooks Found')).toBeNull();
    const sample = screen.getByRole('link', { name: 'Start from the sample' });
    expect(sample.getAttribute('href')).toBe('/guidebooks/sample');
    fireEvent.click(sample);
    await waitFor(() => expect(router.state.location.pathname).toBe('/guidebooks/sample'), WAIT);
  });
});
