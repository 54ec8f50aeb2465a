import { z } from 'zod';

/**
 * Guidebook business constants (spec 1 §9) and the size limits of the guidebook document. The server and the
 * editor read them from here, so a number is defined once.
 */

export const DEFAULT_GUIDEBOOK_TITLE = 'Untitled Guidebook';
export const GUIDEBOOK_TITLE_MAX = 200;
export const LIST_PAGE_SIZE = 10;
/** Published at once per owner; guidebooks in the public gallery do not count. */
export const MAX_PUBLISHED = 10;
export const RECENT_LIMIT = 3;
export const AUTOSAVE_MS = 3000;
/** A thumbnail is stale when the guidebook changed more than this after it was generated. */
export const STALE_THUMBNAIL_MS = 60_000;
export const THUMBNAIL_PRIORITIES = ['high', 'low'] as const;
export type ThumbnailPriority = (typeof THUMBNAIL_PRIORITIES)[number];

/** The literal ids of an unsaved guidebook in editor routes. */
export const NEW_GUIDEBOOK_ID = 'NEW';
export const SAMPLE_GUIDEBOOK_ID = 'sample';

export const MOBILE_WIDTH = 435;
export const PREVIEW_WINDOW = { width: 435, height: 820, heightFromLists: 700 } as const;

// ---- itinerary and table geometry (spec §3, §5, §9) ----
export const DEFAULT_COL_WIDTHS: readonly number[] = [96, 96, 192];
export const DEFAULT_COL_TITLES: readonly string[] = ['Place', 'Time', 'Schedule'];
export const DEFAULT_TABLE_WIDTH = 432;
export const MIN_COL_WIDTH = 40;
export const NEW_COL_WIDTH = 100;
export const DEFAULT_TABLE_ROWS = 2;
export const DEFAULT_TABLE_COLS = 2;
export const DEFAULT_MAP_LEVEL = 6;
/** Spec: "a fixed coordinate (value not shown)". Seoul City Hall, the usual default of Korean map widgets. */
export const DEFAULT_MAP_CENTER = { latitude: 37.566535, longitude: 126.9779692 } as const;

/** A map item still at the picker's start with no address: never placed, so readers see no map (issue 22). */
export const isUnplacedMap = (item: { address: string; latitude: number; longitude: number }): boolean =>
  item.address.trim() === '' &&
  item.latitude === DEFAULT_MAP_CENTER.latitude &&
  item.longitude === DEFAULT_MAP_CENTER.longitude;
export const MAP_HEIGHT_RATIO = 0.8;
export const VIDEO_HEIGHT_RATIO = 0.5625;
export const DEFAULT_IMAGE_HEIGHT = 70;

// ---- defaults and placeholders (spec §3, §4) ----
export const DEFAULT_DAY_TITLE = 'New Day';
/** The title the add-day control gives the first day it inserts. */
export const INSERT_DAY_TITLE = 'Day 1';
export const DEFAULT_MEAL_TITLE = 'Meal title';
export const DEFAULT_BUTTON_TITLE = 'Enter button title';
/** The text of the sub-activity left behind when the last one is deleted or moved out. */
export const REPLACEMENT_SUB_ACTIVITY_TEXT = 'Enter Activity';
export const VIDEO_PLACEHOLDER = 'Please add YouTube video source';
export const DEFAULT_CONTENT_SUBTITLE = 'Subtitle';
export const UNKNOWN_CONTENT_TYPE = 'Unknown content type';

// ---- uploads ----
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TIMEOUT_MS = 600_000;
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Widths of the three stored variants of an uploaded image. */
export const IMAGE_VARIANT_WIDTHS = { large: 1280, medium: 640, small: 320 } as const;

// ---- rich text ----
export const FONT_SIZES: readonly number[] = [12, 13, 14, 15, 16, 18, 24, 30, 38, 48];

/** Spec §5: up to 16 gives 1.5, up to 20 gives 1.4, up to 24 gives 1.3, otherwise 1.2. */
export function lineHeightForSize(px: number): number {
  if (px <= 16) return 1.5;
  if (px <= 20) return 1.4;
  if (px <= 24) return 1.3;
  return 1.2;
}

/** Font size input: Enter applies, a bare number gets 'px', empty is ignored (null). */
export function normaliseFontSizeInput(input: string): string | null {
  const value = input.trim();
  if (value === '') return null;
  return /^\d+(\.\d+)?$/.test(value) ? `${value}px` : value;
}

/**
 * The 80 preset colours of the rich-text colour pickers: a row of greys, a row of pure hues, then six rows of
 * tints and shades of those hues (10 x 8).
 */
export const PALETTE: readonly string[] = [
  '#000000',
  '#434343',
  '#666666',
  '#999999',
  '#b7b7b7',
  '#cccccc',
  '#d9d9d9',
  '#efefef',
  '#f3f3f3',
  '#ffffff',
  '#980000',
  '#ff0000',
  '#ff9900',
  '#ffff00',
  '#00ff00',
  '#00ffff',
  '#4a86e8',
  '#0000ff',
  '#9900ff',
  '#ff00ff',
  '#e6b8af',
  '#f4cccc',
  '#fce5cd',
  '#fff2cc',
  '#d9ead3',
  '#d0e0e3',
  '#c9daf8',
  '#cfe2f3',
  '#d9d2e9',
  '#ead1dc',
  '#dd7e6b',
  '#ea9999',
  '#f9cb9c',
  '#ffe599',
  '#b6d7a8',
  '#a2c4c9',
  '#a4c2f4',
  '#9fc5e8',
  '#b4a7d6',
  '#d5a6bd',
  '#cc4125',
  '#e06666',
  '#f6b26b',
  '#ffd966',
  '#93c47d',
  '#76a5af',
  '#6d9eeb',
  '#6fa8dc',
  '#8e7cc3',
  '#c27ba0',
  '#a61c00',
  '#cc0000',
  '#e69138',
  '#f1c232',
  '#6aa84f',
  '#45818e',
  '#3c78d8',
  '#3d85c6',
  '#674ea7',
  '#a64d79',
  '#85200c',
  '#990000',
  '#b45f06',
  '#bf9000',
  '#38761d',
  '#134f5c',
  '#1155cc',
  '#0b5394',
  '#351c75',
  '#741b47',
  '#5b0f00',
  '#660000',
  '#783f04',
  '#7f6000',
  '#274e13',
  '#0c343d',
  '#1c4587',
  '#073763',
  '#20124d',
  '#4c1130',
];

// ---- content types ----
export const CONTENT_TYPES = ['attractions', 'itinerary', 'preparations', 'airtickets'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** 'Type 1' to 'Type 4': the top menu's content-type label and a new page's title. */
export const contentTypeNumber = (type: ContentType): number => CONTENT_TYPES.indexOf(type) + 1;
export const contentTypeLabel = (type: string): string =>
  (CONTENT_TYPES as readonly string[]).includes(type)
    ? `Type ${CONTENT_TYPES.indexOf(type as ContentType) + 1}`
    : UNKNOWN_CONTENT_TYPE;

export const CONTENT_PRESETS: Readonly<Record<ContentType, { label: string; description: string }>> = {
  attractions: { label: 'ATTRACTIONS', description: 'general purpose' },
  itinerary: { label: 'ITINERARY', description: 'special for itinerary' },
  preparations: { label: 'PREPARATIONS', description: 'for preparations' },
  airtickets: { label: 'AIRTICKETS', description: 'for airtickets' },
};

/**
 * Menu-tile icons are stored as URLs or root-relative paths; these default ones ship with the web app under
 * `web/public/icons/default/`.
 */
export const DEFAULT_CONTENT_ICONS: Readonly<Record<ContentType, string>> = {
  attractions: '/icons/default/attractions.svg',
  itinerary: '/icons/default/itinerary.svg',
  preparations: '/icons/default/preparations.svg',
  airtickets: '/icons/default/airtickets.svg',
};

/** The floating add menu: which section items each content type offers (itinerary adds days instead). */
export const ADDABLE_ITEM_TYPES: Readonly<Record<ContentType, readonly string[]>> = {
  attractions: ['title', 'text', 'image', 'imagetext', 'table', 'video', 'button', 'map', 'accordion'],
  itinerary: [],
  preparations: ['preparation'],
  airtickets: ['airticket'],
};

/**
 * Size limits of one guidebook document. The spec gives none; these are generous for a real guidebook (the
 * richest sample uses a few percent of each) and stop a single write from storing megabytes of junk or nesting
 * deep enough to exhaust a parser's stack.
 */
export const GUIDEBOOK_LIMITS = {
  /** UTF-8 bytes of the whole document as JSON */
  documentBytes: 2_000_000,
  /** nesting depth of the JSON document (rich text included) */
  documentDepth: 48,
  contents: 60,
  sectionsPerContent: 50,
  itemsPerSection: 200,
  days: 60,
  activitiesPerDay: 60,
  subActivitiesPerActivity: 30,
  mealsPerDay: 10,
  cards: 50,
  imagesPerItem: 30,
  tableRows: 200,
  tableCols: 20,
  /** widths in px */
  colWidth: 2000,
  /** one line of plain text: titles, labels, addresses, itinerary cells */
  shortText: 500,
  /** a table cell */
  cellText: 5000,
  url: 2048,
  /** rich text: blocks at the top level, children per element, characters per leaf */
  richTextBlocks: 500,
  richTextChildren: 500,
  richTextLeaf: 20_000,
  password: 100,
  /** patches in one save */
  patchesPerEdit: 5000,
  patchPathLength: 24,
} as const;

export const GUIDEBOOK_MESSAGES = {
  titleEmpty: 'Title cannot be empty',
  publishLimit: `You already have ${MAX_PUBLISHED} published guidebooks. Please unpublish one of the guidebooks.`,
  subscriptionNeeded: 'You need to subscribe to publish this guidebook',
  uploadNeedsSave: 'You need to save the guidebook before you can upload images',
  uploadFailed: 'Image upload failed. Please try again.',
  uploadAccessDenied: 'Image upload failed: Access denied. Please check your permissions.',
  tableDimensions: 'Please enter table dimensions',
  incorrectPassword: 'Incorrect password',
  notFound: 'Not Found',
  updated: 'Updated Guidebook',
  galleryFailed: 'Failed to update public gallery setting',
  galleryAdded: 'Added to public gallery, generating thumbnail',
  galleryNeedsPublished: 'Only published guidebooks can be in the public gallery',
  addressNotFound: 'Failed to find the address',
  untitled: DEFAULT_GUIDEBOOK_TITLE,
  noGuidebooks: 'Sorry! No Guidebooks Found',
  noRecentGuidebooks: 'No Recent Guidebooks Found',
} as const;

export const guidebookTitleSchema = z
  .string()
  .trim()
  .min(1, GUIDEBOOK_MESSAGES.titleEmpty)
  .max(GUIDEBOOK_TITLE_MAX, `Title must be at most ${GUIDEBOOK_TITLE_MAX} characters`);
