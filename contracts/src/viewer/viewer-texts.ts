/**
 * The reader-facing words of the viewer (spec 1 §2, §5, §8), in Korean and English. The server's first response
 * and the viewer's script render the same markup, so both read these; the web app's i18next catalogues are not
 * loaded on the viewer, which must stay a small bundle.
 *
 * Zod-free on purpose: the viewer bundle imports this file and must not pull a schema library in.
 */

export const VIEWER_LANGUAGES = ['ko', 'en'] as const;
export type ViewerLanguage = (typeof VIEWER_LANGUAGES)[number];

export type ViewerTexts = {
  brand: string;
  tagline: string;
  notFoundTitle: string;
  notFoundBody: string;
  loading: string;
  passwordTitle: string;
  passwordBody: string;
  passwordLabel: string;
  passwordSubmit: string;
  passwordVerifying: string;
  incorrectPassword: string;
  tooManyAttempts: string;
  unlockFailed: string;
  offline: string;
  savedOffline: string;
  menu: string;
  back: string;
  backToCover: string;
  toTop: string;
  poweredBy: string;
  developedBy: string;
  share: string;
  shareTitle: string;
  copyLink: string;
  /** the share sheet's KakaoTalk button (only when the server has a Kakao key) */
  kakaoShare: string;
  /** Kakao's SDK did not load or refused (offline, blocked) */
  kakaoFailed: string;
  copied: string;
  copyManually: string;
  qrAlt: string;
  close: string;
  meals: string;
  /** an itinerary column whose title was left blank: place, time, schedule */
  columnTitles: readonly [string, string, string];
  important: string;
  sticky: string;
  openMap: string;
  showMap: string;
  mapLabel: string;
  mapUnavailable: string;
  coordinates: string;
  playVideo: string;
  openVideo: string;
  unknownContentType: string;
  unknownItem: string;
  openLink: string;
  /** the 404 splash's ways forward */
  notFoundHome: string;
  notFoundGallery: string;
  /** the pager under a content page */
  previousPage: string;
  nextPage: string;
  /** a preparation's checkbox, kept on the reader's phone */
  checkDone: string;
  checkSavedHere: string;
  /** an air ticket's flight details */
  flight: { airline: string; flightNumber: string; departs: string; arrives: string; seat: string; cabin: string };
  /** dates on air tickets: weekday names from Sunday, month names, and the order they are written in */
  weekdays: readonly string[];
  months: readonly string[];
  dateOrder: ViewerLanguage;
};

const ko: ViewerTexts = {
  brand: '포켓가이드',
  tagline: '여행을 손안에, 모바일 가이드북',
  notFoundTitle: '가이드북을 찾을 수 없어요',
  notFoundBody: '주소가 바뀌었거나 더 이상 공개되지 않은 가이드북입니다.',
  loading: '불러오는 중…',
  passwordTitle: '비밀번호가 필요한 가이드북이에요',
  passwordBody: '공유받은 비밀번호를 입력하면 가이드북이 열립니다.',
  passwordLabel: '비밀번호',
  passwordSubmit: '열기',
  passwordVerifying: '확인 중…',
  incorrectPassword: '비밀번호가 올바르지 않습니다',
  tooManyAttempts: '시도가 너무 많았어요. 잠시 후 다시 시도해 주세요.',
  unlockFailed: '연결할 수 없어요. 네트워크를 확인하고 다시 시도해 주세요.',
  offline: '오프라인이에요 · 저장된 가이드북을 보여드려요',
  savedOffline: '오프라인으로 저장됨',
  menu: '메뉴',
  back: '뒤로',
  backToCover: '표지로',
  toTop: '맨 위로',
  poweredBy: 'Powered by',
  developedBy: 'Developed by',
  share: '공유',
  shareTitle: '가이드북 공유하기',
  copyLink: '링크 복사',
  kakaoShare: '카카오톡으로 공유',
  kakaoFailed: '카카오톡 공유를 열 수 없습니다. 링크를 복사해 보내 주세요.',
  copied: '주소가 클립보드에 복사되었습니다',
  copyManually: '주소를 길게 눌러 직접 복사해 주세요',
  qrAlt: '가이드북 주소 QR 코드',
  close: '닫기',
  meals: '식사',
  columnTitles: ['장소', '시간', '일정'],
  important: '중요',
  sticky: '고정 이미지',
  openMap: 'OpenStreetMap에서 지도 보기',
  showMap: '지도 보기',
  mapLabel: '지도',
  mapUnavailable: '지도를 불러올 수 없어요. 인터넷 연결을 확인해 주세요. 주소와 좌표는 아래에 있어요.',
  coordinates: '좌표',
  playVideo: 'YouTube 동영상 재생',
  openVideo: '동영상 열기',
  unknownContentType: '알 수 없는 콘텐츠 유형',
  unknownItem: '이 항목은 표시할 수 없어요',
  openLink: '새 창에서 열기',
  notFoundHome: '포켓가이드 홈으로',
  notFoundGallery: '공개 가이드북 둘러보기',
  previousPage: '이전 페이지',
  nextPage: '다음 페이지',
  checkDone: '준비 완료',
  checkSavedHere: '체크 표시는 이 기기에만 저장돼요',
  flight: {
    airline: '항공사',
    flightNumber: '편명',
    departs: '출발',
    arrives: '도착',
    seat: '좌석',
    cabin: '좌석 등급',
  },
  weekdays: ['일', '월', '화', '수', '목', '금', '토'],
  months: ['1월', '2월', '3월', '4월', '5월', '6월', '7월', '8월', '9월', '10월', '11월', '12월'],
  dateOrder: 'ko',
};

const en: ViewerTexts = {
  brand: 'PocketGuide',
  tagline: 'Your trip in your pocket: mobile guidebooks',
  notFoundTitle: 'Not Found',
  notFoundBody: 'This guidebook has moved or is no longer published.',
  loading: 'Loading…',
  passwordTitle: 'This guidebook needs a password',
  passwordBody: 'Enter the password you were given to open it.',
  passwordLabel: 'Password',
  passwordSubmit: 'Open',
  passwordVerifying: 'Checking…',
  incorrectPassword: 'Incorrect password',
  tooManyAttempts: 'Too many attempts. Please try again in a few minutes.',
  unlockFailed: 'Could not connect. Check your network and try again.',
  offline: 'You are offline · showing the saved guidebook',
  savedOffline: 'Saved for offline',
  menu: 'Menu',
  back: 'Back',
  backToCover: 'Cover',
  toTop: 'Back to top',
  poweredBy: 'Powered by',
  developedBy: 'Developed by',
  share: 'Share',
  shareTitle: 'Share this guidebook',
  copyLink: 'Copy link',
  kakaoShare: 'Share on KakaoTalk',
  kakaoFailed: 'KakaoTalk sharing could not open. Copy the link and send it instead.',
  copied: 'Address copied to clipboard',
  copyManually: 'Please copy the address manually',
  qrAlt: 'QR code of the guidebook address',
  close: 'Close',
  meals: 'Meals',
  columnTitles: ['Place', 'Time', 'Schedule'],
  important: 'Important',
  sticky: 'Pinned image',
  openMap: 'Open the map in OpenStreetMap',
  showMap: 'Show map',
  mapLabel: 'Map',
  mapUnavailable: 'The map could not load. Check your internet connection; the address and coordinates are below.',
  coordinates: 'Coordinates',
  playVideo: 'Play YouTube video',
  openVideo: 'Open video',
  unknownContentType: 'Unknown content type',
  unknownItem: 'This item cannot be shown',
  openLink: 'Opens in a new window',
  notFoundHome: 'Go to PocketGuide',
  notFoundGallery: 'Browse public guidebooks',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  checkDone: 'Done',
  checkSavedHere: 'Ticks are kept on this device only',
  flight: {
    airline: 'Airline',
    flightNumber: 'Flight',
    departs: 'Departs',
    arrives: 'Arrives',
    seat: 'Seat',
    cabin: 'Class',
  },
  weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  dateOrder: 'en',
};

export const VIEWER_TEXTS: Readonly<Record<ViewerLanguage, ViewerTexts>> = { ko, en };

/**
 * The chrome's language (its buttons, the gate, the messages): an explicit `?lang=` (`ko`, `kr` as the profiles
 * spell it, or `en`) wins; then the guidebook's own language (`guidebookLanguage`, issue 11: a Korean guidebook's
 * "Cover" button reads 표지로 on an English phone, as its author wrote it for); otherwise the first of the reader's
 * preferred languages we speak (the browser's `navigator.languages`, or the server's reading of
 * `Accept-Language`); Korean by default, as the product is.
 */
export function viewerLanguage(
  explicit: string | null | undefined,
  preferred: readonly string[] = [],
  guidebook: ViewerLanguage | null | undefined = null,
): ViewerLanguage {
  const pick = (tag: string): ViewerLanguage | null => {
    const primary = tag.trim().toLowerCase().split(/[-_;]/)[0] ?? '';
    if (primary === 'ko' || primary === 'kr') return 'ko';
    if (primary === 'en') return 'en';
    return null;
  };
  if (explicit) {
    const chosen = pick(explicit);
    if (chosen) return chosen;
  }
  if (guidebook === 'ko' || guidebook === 'en') return guidebook;
  for (const tag of preferred) {
    const chosen = pick(tag);
    if (chosen) return chosen;
  }
  return 'ko';
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/g;
const LATIN = /[a-z]/gi;

/**
 * The language texts are written in: Korean when Hangul makes up a fair share of the letters (a Korean text is
 * full of Latin names and codes — "KE1250", "Olle" — while an English one rarely holds Hangul; a Hangul syllable
 * carries about what three Latin letters do), English when there are Latin letters, null with neither.
 */
export function textLanguage(texts: Iterable<string>): ViewerLanguage | null {
  let hangul = 0;
  let latin = 0;
  for (const text of texts) {
    hangul += text.match(HANGUL)?.length ?? 0;
    latin += text.match(LATIN)?.length ?? 0;
  }
  if (hangul === 0 && latin === 0) return null;
  return hangul * 3 >= latin ? 'ko' : 'en';
}

/** `Accept-Language: en-US,en;q=0.9,ko;q=0.8` → `['en-US', 'en', 'ko']`, by weight. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
