import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { newSectionItem, type SectionItemOf } from '@pocketguide/contracts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { countingIds, editableValue, renderWithI18n } from '../test-support.tsx';
import type { Geocoder } from './geocoder.ts';
import { levelToZoom, zoomToLevel } from './geocoder.ts';
import { MapItem } from './map-item.tsx';
import { MapServicesProvider, type MapServices } from './map-services.tsx';
import type { MapViewProps } from './map-view.ts';

/** A map drawing that only reports its props, and a button standing in for a tap on the map. */
function FakeMapView({ center, level, interactive, label, onPick }: MapViewProps) {
  return (
    <div
      role="img"
      aria-label={label}
      data-center={`${center.latitude},${center.longitude}`}
      data-level={level}
      data-interactive={interactive}
    >
      <button type="button" onClick={() => onPick?.({ latitude: 33.5, longitude: 126.5 })}>
        tap
      </button>
    </div>
  );
}

function services(geocoder: Partial<Geocoder> = {}): MapServices {
  return {
    provider: 'osm',
    geocoder: { search: vi.fn(async () => null), reverse: vi.fn(async () => null), ...geocoder },
    MapView: FakeMapView,
    placeUrl: ({ latitude, longitude }) => `https://maps.example/${latitude},${longitude}`,
  };
}

const ids = countingIds();
const renderMap = (
  item: SectionItemOf<'map'>,
  props: { editable: boolean; active: boolean; onEdit?: SectionItemProps<SectionItemOf<'map'>>['onEdit'] },
  mapServices = services(),
) =>
  renderWithI18n(
    <MapItem
      item={item}
      onActivate={() => {}}
      onEdit={props.onEdit ?? (() => {})}
      ids={ids}
      editable={props.editable}
      active={props.active}
    />,
    {
      wrapper: (children) => <MapServicesProvider services={mapServices}>{children}</MapServicesProvider>,
    },
  );

describe('map item', () => {
  it('starts at level 6; the overlay blocks the map unless the item is active and editable', () => {
    const item = newSectionItem('map', ids);
    expect(item.level).toBe(6);
    const { container, rerender } = renderMap(item, { editable: false, active: false });
    expect(container.querySelector('[data-map-overlay]')).not.toBeNull();
    expect(screen.getByRole('img').getAttribute('data-interactive')).toBe('false');
    expect(container.querySelector('.aspect-\\[5\\/4\\]')).not.toBeNull(); // height 0.8 of the width

    const wrap = (editable: boolean, active: boolean) => (
      <MapServicesProvider services={services()}>
        <MapItem item={item} onActivate={() => {}} onEdit={() => {}} ids={ids} editable={editable} active={active} />
      </MapServicesProvider>
    );
    rerender(wrap(true, false));
    expect(container.querySelector('[data-map-overlay]')).not.toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
    rerender(wrap(true, true));
    expect(container.querySelector('[data-map-overlay]')).toBeNull();
    expect(screen.getByRole('img').getAttribute('data-interactive')).toBe('true');
    expect(screen.getByRole('search')).toBeTruthy();
  });

  it('an address that cannot be found shows "Failed to find the address" for 5 s', async () => {
    const search = vi.fn(async () => null);
    const shown = vi.spyOn(toast, 'error');
    renderMap(newSectionItem('map', ids), { editable: true, active: true }, services({ search }));
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'nowhere 123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText('Failed to find the address')).toBeTruthy());
    expect(search).toHaveBeenCalledWith('nowhere 123', expect.any(AbortSignal));
    expect(shown).toHaveBeenCalledWith('Failed to find the address', { duration: 5000 });
  });

  it('a found address moves the map; a tap moves the pin and looks up its address', async () => {
    const value = editableValue(newSectionItem('map', ids));
    const search = vi.fn(async () => ({ latitude: 37.5796, longitude: 126.977, address: '서울 종로구 사직로 161' }));
    const reverse = vi.fn(async () => '제주특별자치도 제주시');
    renderMap(value.value, { editable: true, active: true, onEdit: value.onEdit }, services({ search, reverse }));
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '경복궁' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    expect(value.value).toMatchObject({ latitude: 37.5796, longitude: 126.977, address: '서울 종로구 사직로 161' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'tap' }));
    });
    expect(value.value).toMatchObject({ latitude: 33.5, longitude: 126.5, address: '제주특별자치도 제주시' });
  });

  it('readers get a link to the place', () => {
    const item = { ...newSectionItem('map', ids), address: 'Jeju', latitude: 33.5, longitude: 126.5 };
    renderMap(item, { editable: false, active: false });
    expect(screen.getByRole('link', { name: 'Open in maps' }).getAttribute('href')).toBe(
      'https://maps.example/33.5,126.5',
    );
  });
});

describe('map levels', () => {
  it('Kakao levels and web-map zooms convert both ways', () => {
    expect(levelToZoom(6)).toBe(14);
    expect(zoomToLevel(14)).toBe(6);
  });
});

describe('a failed map search', () => {
  const search = async (query: string, geocoder: Partial<Geocoder>) => {
    const item = { ...newSectionItem('map', ids), address: '제주', latitude: 33.5, longitude: 126.5 };
    const value = editableValue(item);
    const shown = vi.spyOn(toast, 'error');
    renderMap(value.value, { editable: true, active: true, onEdit: value.onEdit }, services(geocoder));
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: query } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    return { value, shown };
  };

  it('a service that fails says so and keeps the previous coordinates', async () => {
    const { value, shown } = await search('경복궁', {
      search: vi.fn(async () => Promise.reject(new Error('Kakao Maps search failed'))),
    });
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        'The address search did not work. Please try again later; the map stays where it was.',
        { duration: 5000 },
      ),
    );
    expect(value.value).toMatchObject({ address: '제주', latitude: 33.5, longitude: 126.5 });
  });

  it('an answer without usable coordinates is never stored', async () => {
    for (const made of [
      { latitude: Number.NaN, longitude: Number.NaN, address: 'somewhere' },
      { latitude: 0, longitude: 0, address: 'somewhere' },
      { latitude: 137.5, longitude: 26.9, address: 'somewhere' },
    ]) {
      const { value, shown } = await search('경복궁', { search: vi.fn(async () => made) });
      await waitFor(() =>
        expect(shown).toHaveBeenCalledWith(
          'The address search did not work. Please try again later; the map stays where it was.',
          { duration: 5000 },
        ),
      );
      expect(value.value).toMatchObject({ address: '제주', latitude: 33.5, longitude: 126.5 });
      cleanup();
      shown.mockClear();
    }
  });
});
