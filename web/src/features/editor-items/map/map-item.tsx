import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ExternalLink, MapPin, Search } from 'lucide-react';
import { isUnplacedMap, type SectionItemOf } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { isPlausiblePoint, type GeoPoint } from './geocoder.ts';
import { useMapServices } from './map-services.tsx';
import { pressToSelect } from '../../editor/press-to-select.ts';

/** Spec §9: the map error toast shows 5 s. */
export const MAP_TOAST_MS = 5000;

/**
 * A map of one place (spec §3): address, coordinates and level (default 6), 0.8 as high as it is wide. An
 * overlay keeps the page scrolling over it unless the item is active in the editor (spec §4); then the author
 * searches an address, or taps the map to move the pin.
 */
export function MapItem({ item, editable, active, onActivate, onEdit }: SectionItemProps<SectionItemOf<'map'>>) {
  const { t } = useTranslation();
  const { MapView, geocoder, placeUrl } = useMapServices();
  const interactive = editable && active;
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const pick = (point: GeoPoint) => {
    onEdit((draft) => {
      draft.latitude = point.latitude;
      draft.longitude = point.longitude;
    });
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    geocoder.reverse(point, controller.signal).then(
      (address) => {
        if (address && !controller.signal.aborted)
          onEdit((draft) => {
            draft.address = address;
          });
      },
      () => undefined, // the pin moved; an address that cannot be looked up just stays as it was
    );
  };

  return (
    <div className="flex flex-col gap-2" {...(editable ? pressToSelect(onActivate) : {})}>
      {interactive ? (
        <AddressSearch
          address={item.address}
          search={(query, signal) => geocoder.search(query, signal)}
          onFound={(found) =>
            onEdit((draft) => {
              draft.address = found.address;
              draft.latitude = found.latitude;
              draft.longitude = found.longitude;
            })
          }
        />
      ) : null}
      {/* isolate: Leaflet's panes (z-index 400 to 1000) and the overlay stack inside the map, under the sticky menus. */}
      <div className="relative isolate aspect-[5/4] w-full overflow-hidden rounded-control bg-neutral-100">
        <Suspense
          fallback={
            <div className="absolute inset-0 flex items-center justify-center">
              <Spinner />
            </div>
          }
        >
          <MapView
            center={{ latitude: item.latitude, longitude: item.longitude }}
            level={item.level}
            interactive={interactive}
            label={item.address ? t('editorItems.map.labelAt', { address: item.address }) : t('editorItems.map.label')}
            onPick={pick}
            onLevelChange={(level) =>
              onEdit((draft) => {
                draft.level = level;
              }, 'map-level')
            }
          />
        </Suspense>
        {/* Above Leaflet's panes and controls (z-index up to 1000), inside the map's own stacking context. */}
        {interactive ? null : <div data-map-overlay="" className="absolute inset-0 z-[1100]" aria-hidden="true" />}
      </div>
      {editable && isUnplacedMap(item) ? (
        <p className="text-sm text-neutral-500" data-map-unplaced>
          {t('editorItems.map.unplaced')}
        </p>
      ) : null}
      {item.address ? (
        <p className="flex items-start gap-1.5 text-sm text-neutral-700">
          <MapPin className="mt-0.5 size-4 shrink-0 text-primary-600" aria-hidden="true" />
          <span className="break-keep">{item.address}</span>
        </p>
      ) : null}
      {editable ? null : (
        <a
          href={placeUrl({ latitude: item.latitude, longitude: item.longitude, address: item.address, level: item.level })}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary-600 hover:text-primary-700"
        >
          {t('editorItems.map.open')}
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      )}
    </div>
  );
}

function AddressSearch({
  address,
  search,
  onFound,
}: {
  address: string;
  search(query: string, signal: AbortSignal): Promise<(GeoPoint & { address: string }) | null>;
  onFound(found: GeoPoint & { address: string }): void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [query, setQuery] = useState(address);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text === '' || busy) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setBusy(true);
    let found: (GeoPoint & { address: string }) | null = null;
    let failed = false;
    try {
      found = await search(text, current.signal);
    } catch {
      failed = true;
    }
    if (current.signal.aborted) return;
    setBusy(false);
    // Only a real place moves the pin: a failed service, or an answer without usable coordinates (NaN, 0,0, out of
    // range), says so and leaves the map where it was rather than storing coordinates nobody found.
    if (found && isPlausiblePoint(found)) onFound(found);
    else if (failed || found) toast.error(t('editorItems.map.searchFailed'), { duration: MAP_TOAST_MS });
    else toast.error(t('editorItems.map.notFound'), { duration: MAP_TOAST_MS });
  };

  return (
    <form role="search" onSubmit={(event) => void submit(event)} className="flex items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={inputId} className="text-xs font-semibold text-neutral-700">
          {t('editorItems.map.address')}
        </label>
        <input
          id={inputId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('editorItems.map.addressPlaceholder')}
          className="h-9 rounded-control border border-neutral-300 bg-white px-2.5 text-sm focus-visible:border-primary-600 focus-visible:ring-2 focus-visible:ring-primary-100 focus-visible:outline-none"
        />
      </div>
      <Button type="submit" size="sm" loading={busy} icon={<Search className="size-4" aria-hidden="true" />}>
        {t('editorItems.map.search')}
      </Button>
    </form>
  );
}
