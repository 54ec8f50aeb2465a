import type { EditorItemRegistry, SectionItemComponents } from '../editor/item-contract.ts';
import { AccordionItem } from './items/accordion-items.tsx';
import { AirticketItem } from './items/airticket-item.tsx';
import { ButtonItem } from './items/button-item.tsx';
import { ImageItem, ImageTextItem } from './items/image-items.tsx';
import { PreparationItem } from './items/preparation-item.tsx';
import { ActivityItem, DayItem } from './items/schedule-items.tsx';
import { TextItem, TitleItem } from './items/text-items.tsx';
import { VideoItem } from './items/video-item.tsx';
import { ItineraryPage } from './itinerary/itinerary-page.tsx';
import { MapItem } from './map/map-item.tsx';
import { RichTextField } from './rich-text/rich-text-field.tsx';
import { TableItem } from './table/table-item.tsx';

/** `item.type` → its component, for every section item type (`satisfies` keeps the map complete). */
export const sectionItemComponents = {
  title: TitleItem,
  text: TextItem,
  image: ImageItem,
  imagetext: ImageTextItem,
  table: TableItem,
  video: VideoItem,
  button: ButtonItem,
  map: MapItem,
  preparation: PreparationItem,
  airticket: AirticketItem,
  accordion: AccordionItem,
  activity: ActivityItem,
  day: DayItem,
} satisfies Required<SectionItemComponents>;

/** What the app's editor route hands to the editor (see `item-contract.ts`). */
export const editorItemRegistry: EditorItemRegistry = {
  items: sectionItemComponents,
  ItineraryPage,
  RichTextField,
};
