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

/**
 * Every part's component, Slate's rich-text field among them: a file of its own, which the app's editor loads
 * through `registry.ts` once its first screen is drawn (issue 20); what renders items without the editor imports
 * it as it is.
 */
export const editorItemComponents: Required<EditorItemRegistry> = {
  items: sectionItemComponents,
  ItineraryPage,
  RichTextField,
};
