import type { ImageSet } from './guidebook-document.ts';

/**
 * Language-independent facts of the built-in sample guidebook: its pictures (drawn by
 * `web/scripts/generate-sample-images.mjs`, served by the web app from `web/public/sample/`) and real places.
 */

export const SAMPLE_IMAGE_NAMES = [
  'jeju-coast',
  'seongsan',
  'hallasan',
  'hyeopjae',
  'tangerines',
  'olle-trail',
  'boarding',
  'packing',
] as const;
export type SampleImageName = (typeof SAMPLE_IMAGE_NAMES)[number];

export const sampleImage = (name: SampleImageName): ImageSet => ({
  large: `/sample/${name}-large.jpg`,
  medium: `/sample/${name}-medium.jpg`,
  small: `/sample/${name}-small.jpg`,
});

/** Coordinates (WGS84) of the places the sample shows on maps. */
export const SAMPLE_PLACES = {
  seongsan: {
    latitude: 33.458056,
    longitude: 126.942778,
    address: { kr: '제주특별자치도 서귀포시 성산읍 성산리 1', en: '1 Seongsan-ri, Seongsan-eup, Seogwipo-si, Jeju' },
  },
  hyeopjae: {
    latitude: 33.394,
    longitude: 126.239722,
    address: { kr: '제주특별자치도 제주시 한림읍 협재리 2497-1', en: '2497-1 Hyeopjae-ri, Hallim-eup, Jeju-si, Jeju' },
  },
  cheonjiyeon: {
    latitude: 33.244656,
    longitude: 126.559167,
    address: { kr: '제주특별자치도 서귀포시 남성중로 2-15', en: '2-15 Namseongjung-ro, Seogwipo-si, Jeju' },
  },
  airport: {
    latitude: 33.51041,
    longitude: 126.49135,
    address: { kr: '제주특별자치도 제주시 공항로 2', en: '2 Gonghang-ro, Jeju-si, Jeju' },
  },
} as const;

export const SAMPLE_LINKS = {
  visitJeju: 'https://www.visitjeju.net',
  /** Korea Tourism Organization's "Feel the Rhythm of Korea" film on YouTube */
  video: 'https://www.youtube.com/watch?v=3P1CnWI62Ik',
} as const;
