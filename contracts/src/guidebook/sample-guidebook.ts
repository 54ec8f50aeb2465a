import type { Language } from '../account/account-limits.ts';
import type {
  Activity,
  Card,
  ContentPage,
  Day,
  GuidebookDocument,
  Meal,
  RichAlign,
  RichElement,
  RichLeaf,
  RichNode,
  RichText,
  Section,
  SectionItem,
  SubActivity,
} from './guidebook-document.ts';
import { DEFAULT_COL_TITLES, DEFAULT_COL_WIDTHS, DEFAULT_CONTENT_ICONS, type ContentType } from './guidebook-limits.ts';
import type { IdGenerator } from './guidebook-rules.ts';
import { SAMPLE_LINKS, SAMPLE_PLACES, sampleImage } from './sample-guidebook-data.ts';

/**
 * The built-in sample guidebook (spec §2, §4: offered to users without guidebooks, opened at /guidebooks/sample):
 * a real four-day family trip to Jeju, in Korean and in English, using every item type. Ids are stable
 * (`sample-1`, `sample-2`, ...); whoever turns it into a real guidebook gives it fresh ids (`cloneWithFreshIds`).
 */

const sampleIds = (): IdGenerator => {
  let next = 0;
  return { newId: () => `sample-${++next}` };
};

// ---------------------------------------------------------------- rich text shorthands

type Span = string | RichLeaf | RichElement;
const leaf = (span: Span): RichNode => (typeof span === 'string' ? { text: span } : span);
const b = (text: string): RichLeaf => ({ text, bold: true });
const mark = (text: string, marks: Omit<RichLeaf, 'text'>): RichLeaf => ({ text, ...marks });
const link = (href: string, text: string): RichElement => ({ type: 'link', href, children: [{ text }] });
const para = (spans: Span | Span[], align?: RichAlign): RichElement => ({
  type: 'paragraph',
  ...(align ? { align } : {}),
  children: (Array.isArray(spans) ? spans : [spans]).map(leaf),
});
const rich = (...blocks: (string | RichElement)[]): RichText =>
  blocks.map((block) => (typeof block === 'string' ? para(block) : block));
const list = (type: 'bulleted-list' | 'numbered-list', entries: Span[][]): RichElement => ({
  type,
  children: entries.map((spans) => ({ type: 'list-item', children: spans.map(leaf) })),
});

export function sampleGuidebook(language: Language): GuidebookDocument {
  return buildSample(language, sampleIds());
}

/** The sample's content pages, marked as sample content (the choose-content popup lists them). */
export function sampleContents(language: Language): ContentPage[] {
  return sampleGuidebook(language).contents.map((page) => ({ ...page, isSampleContent: true }));
}

/** The sample content page of a type (GET sample/guidebook-content). */
export function sampleContent(type: ContentType, language: Language): ContentPage {
  const page = sampleContents(language).find((content) => content.contentType === type);
  if (!page) throw new Error(`the sample has no ${type} page`);
  return page;
}

/** Any item's fields without `_id` (and with `isImportant` optional), per item type. */
type ItemFields = (SectionItem extends infer I
  ? I extends SectionItem
    ? Omit<I, '_id' | 'isImportant'>
    : never
  : never) & { isImportant?: boolean };

function buildSample(language: Language, ids: IdGenerator): GuidebookDocument {
  const kr = language === 'kr';
  const s = (korean: string, english: string): string => (kr ? korean : english);
  const id = () => ids.newId();

  const item = (fields: ItemFields): SectionItem => ({ _id: id(), isImportant: false, ...fields }) as SectionItem;
  const section = (...items: SectionItem[]): Section => ({ _id: id(), items });
  const page = (
    type: ContentType,
    title: string,
    subtitle: string,
    fields: { sections?: Section[]; days?: Day[]; icon?: string },
  ): ContentPage => ({
    _id: id(),
    title,
    subtitle,
    contentType: type,
    icon: fields.icon ?? DEFAULT_CONTENT_ICONS[type],
    sections: fields.sections ?? [],
    days: fields.days ?? [],
    colWidths: [...DEFAULT_COL_WIDTHS],
    colTitles: kr ? ['장소', '시간', '일정'] : [...DEFAULT_COL_TITLES],
  });
  const sub = (
    place: string,
    time: string,
    schedule: string,
    body: RichText = rich(''),
    isImportant = false,
  ): SubActivity => ({
    _id: id(),
    place,
    time,
    schedule,
    body,
    isImportant,
  });
  const activity = (
    place: string,
    time: string,
    schedule: string,
    subActivities: SubActivity[],
    isImportant = false,
  ): Activity => ({
    _id: id(),
    place,
    time,
    schedule,
    subActivities,
    isImportant,
  });
  const meal = (title: string, body: string, isImportant = false): Meal => ({
    _id: id(),
    title: rich(title),
    body: rich(body),
    isImportant,
  });
  const day = (title: string, activities: Activity[], meals: Meal[]): Day => ({
    _id: id(),
    title: rich(title),
    activities,
    meals,
  });

  // ---- content page 1: the itinerary
  const itinerary = page('itinerary', s('여행 일정', 'Itinerary'), s('3박 4일 가족 일정표', 'Four days, day by day'), {
    days: [
      day(
        s('1일차 · 5월 2일 (토) 서쪽 해안', 'Day 1 · Sat 2 May: the west coast'),
        [
          activity(
            s('김포공항', 'Gimpo Airport'),
            '08:30',
            s('KE1203 탑승, 제주 09:35 도착', 'Board KE1203, land in Jeju 09:35'),
            [
              sub(
                s('김포공항 국내선', 'Gimpo domestic terminal'),
                '07:30',
                s('수하물 위탁', 'Check in bags'),
                rich(
                  s(
                    '신분증을 꼭 챙기세요. 어린이는 건강보험증이나 등본으로 대신할 수 있습니다.',
                    'Bring ID: children can show a health insurance card instead.',
                  ),
                ),
                true,
              ),
            ],
            true,
          ),
          activity(
            s('제주공항 렌터카 하우스', 'Jeju Airport car rental'),
            '10:00',
            s('렌터카 인수', 'Pick up the rental car'),
            [
              sub(s('셔틀버스 5번 구역', 'Shuttle zone 5'), '10:00', s('렌터카 셔틀 탑승', 'Take the rental shuttle')),
              sub('', '10:20', s('카시트 2개 장착 확인', 'Check the two child seats are fitted')),
            ],
          ),
          activity(
            s('협재해수욕장', 'Hyeopjae Beach'),
            '12:30',
            s('에메랄드빛 바다 산책, 모래놀이', 'Emerald water, sandcastles'),
            [
              sub(
                s('협재 국수거리', 'Hyeopjae noodle street'),
                '12:30',
                s('점심', 'Lunch'),
                rich(s('고기국수 추천', 'Try pork noodle soup (gogi-guksu)')),
              ),
              sub(
                s('비양도 전망', 'View of Biyangdo'),
                '14:00',
                s('사진 찍기', 'Photos'),
                rich(s('썰물 때 갯바위 조심', 'Mind the rocks at low tide')),
              ),
            ],
          ),
          activity(s('한림공원', 'Hallim Park'), '15:30', s('용암동굴과 야자수길', 'Lava caves and palm avenue'), [
            sub(
              '',
              '15:30',
              s('협재굴·쌍용굴 관람', 'Hyeopjae and Ssangyong caves'),
              rich(s('동굴 안은 서늘해요. 얇은 겉옷을 챙기세요.', 'The caves are cool: bring a light jacket.')),
            ),
          ]),
          activity(s('애월 숙소', 'Aewol guesthouse'), '18:00', s('체크인', 'Check in'), [
            { ...sub('', '', ''), isReplacement: true },
          ]),
        ],
        [
          meal(
            s('점심 · 고기국수', 'Lunch · pork noodle soup'),
            s('협재 국수거리, 1인 약 9,000원', 'Hyeopjae noodle street, about ₩9,000 each'),
          ),
          meal(
            s('저녁 · 흑돼지 구이', 'Dinner · black pork barbecue'),
            s('애월 흑돼지 거리, 예약 필수', 'Aewol black pork street: book ahead'),
            true,
          ),
        ],
      ),
      day(
        s('2일차 · 5월 3일 (일) 서귀포', 'Day 2 · Sun 3 May: Seogwipo'),
        [
          activity(
            s('오설록 티뮤지엄', 'O’sulloc Tea Museum'),
            '10:00',
            s('녹차밭 산책, 녹차 아이스크림', 'Tea fields and green-tea ice cream'),
            [
              sub(
                '',
                '10:00',
                s('녹차밭 포토존', 'Tea field photo spot'),
                rich(s('오전이 한산해요', 'Quieter in the morning')),
              ),
            ],
          ),
          activity(
            s('천지연폭포', 'Cheonjiyeon Falls'),
            '14:00',
            s('폭포 산책로 왕복 20분', '20-minute walk to the falls'),
            [sub('', '14:00', s('입장권 구매', 'Buy tickets'), rich(s('유모차 이용 가능', 'Stroller friendly')))],
          ),
          activity(
            s('서귀포 매일올레시장', 'Seogwipo Olle Market'),
            '16:00',
            s('간식과 기념품', 'Snacks and souvenirs'),
            [
              sub(
                '',
                '16:00',
                s('감귤 주스, 오메기떡', 'Tangerine juice, omegi rice cakes'),
                rich(s('현금과 카드 모두 가능', 'Cash and cards accepted')),
              ),
            ],
          ),
        ],
        [
          meal(
            s('점심 · 갈치조림', 'Lunch · braised cutlassfish'),
            s('서귀포항 근처, 2인분부터 주문', 'Near Seogwipo port, minimum two servings'),
          ),
          meal(s('저녁 · 시장 먹거리', 'Dinner · market food'), s('올레시장에서 자유롭게', 'Graze at the Olle market')),
        ],
      ),
      day(
        s('3일차 · 5월 4일 (월) 동쪽과 우도', 'Day 3 · Mon 4 May: the east and Udo'),
        [
          activity(
            s('성산일출봉', 'Seongsan Ilchulbong'),
            '07:00',
            s('정상까지 약 25분 등반', 'About 25 minutes to the crater rim'),
            [
              sub(
                '',
                '07:00',
                s('매표소 집합', 'Meet at the ticket office'),
                rich(s('아이들 물과 간식 챙기기', 'Water and snacks for the kids')),
              ),
              sub(
                s('정상 분화구', 'Crater rim'),
                '07:30',
                s('가족사진', 'Family photo'),
                rich(s('바람이 강하니 모자를 꼭 잡으세요', 'Windy: hold on to your hats')),
                true,
              ),
            ],
            true,
          ),
          activity(
            s('성산포항 종합여객터미널', 'Seongsan port ferry terminal'),
            '10:00',
            s('우도행 배 (15분)', 'Ferry to Udo (15 min)'),
            [
              sub(
                '',
                '10:00',
                s('승선신고서 작성', 'Fill in the boarding form'),
                rich(s('탑승객 전원의 신분증이 필요합니다', 'ID needed for every passenger')),
                true,
              ),
              sub(
                s('우도', 'Udo'),
                '10:30',
                s('전기 스쿠터로 섬 일주', 'Round the island by e-scooter'),
                rich(s('땅콩 아이스크림을 꼭 드셔보세요!', 'Don’t miss the peanut ice cream!')),
              ),
            ],
            true,
          ),
          activity(s('섭지코지', 'Seopjikoji'), '15:30', s('해안 산책로', 'Coastal walk'), [
            sub('', '15:30', s('등대까지 산책', 'Walk to the lighthouse')),
          ]),
        ],
        [
          meal(
            s('아침 · 전복죽', 'Breakfast · abalone porridge'),
            s('성산 일출봉 입구 식당', 'By the Seongsan entrance'),
          ),
          meal(
            s('점심 · 우도 해물짬뽕', 'Lunch · Udo seafood noodles'),
            s('우도 하우목동항 근처', 'Near Haumokdong port'),
          ),
        ],
      ),
      day(
        s('4일차 · 5월 5일 (화) 어린이날, 귀가', 'Day 4 · Tue 5 May: Children’s Day, home'),
        [
          activity(
            s('사려니숲길', 'Saryeoni Forest Path'),
            '09:30',
            s('삼나무 숲 산책 1시간', 'One hour under the cedars'),
            [sub('', '09:30', s('붉은오름 입구 주차', 'Park at the Bulgeun Oreum entrance'))],
          ),
          activity(s('동문재래시장', 'Dongmun Market'), '13:00', s('감귤과 기념품 구매', 'Tangerines and souvenirs'), [
            sub('', '13:00', s('택배 발송 가능', 'Shops can ship boxes home')),
          ]),
          activity(
            s('제주공항', 'Jeju Airport'),
            '17:40',
            s('KE1250 탑승, 김포 18:50 도착', 'Board KE1250, land at Gimpo 18:50'),
            [
              sub(
                s('렌터카 반납', 'Return the car'),
                '16:00',
                s('주유 후 반납', 'Refuel first'),
                rich(s('반납 후 셔틀로 공항 이동 (10분)', 'Shuttle to the terminal takes 10 minutes')),
                true,
              ),
            ],
            true,
          ),
        ],
        [meal(s('점심 · 몸국', 'Lunch · momguk (seaweed pork soup)'), s('동문시장 안', 'Inside Dongmun Market'))],
      ),
    ],
  });

  // ---- content page 2: must-see places, every attractions item type
  const places = page(
    'attractions',
    s('가볼 만한 곳', 'Must-see places'),
    s('아이와 함께 가기 좋은 명소', 'Family favourites'),
    {
      sections: [
        section(
          item({
            type: 'title',
            content: [{ type: 'heading-one', children: [{ text: s('성산일출봉', 'Seongsan Ilchulbong') }] }],
          }),
          item({ type: 'image', image: sampleImage('seongsan'), height: 220, isImportant: true }),
          item({
            type: 'text',
            content: [
              para([
                s('유네스코 세계자연유산으로 지정된 ', 'A UNESCO World Natural Heritage site, '),
                b(s('해돋이 명소', 'the island’s sunrise peak')),
                s('입니다. 분화구 정상까지 ', ' rises from the sea. The climb to the rim takes '),
                mark(s('약 25분', 'about 25 minutes'), { underline: true, color: '#cc0000' }),
                s(
                  ' 걸리며, 계단이 잘 정비되어 있어 아이들도 오를 수 있어요.',
                  ' on well-kept steps that children can manage.',
                ),
              ]),
              para([
                mark(s('운영 시간과 입장료는 ', 'Check opening hours and fees on '), { italic: true }),
                link(SAMPLE_LINKS.visitJeju, s('비짓제주', 'Visit Jeju')),
                mark(s('에서 확인하세요.', ' before you go.'), { italic: true }),
              ]),
              {
                type: 'block-quote',
                children: [
                  {
                    text: s('일출 시각: 5월 초 오전 5시 30분경', 'Sunrise in early May: about 5:30 am'),
                    fontSize: '15px',
                    backgroundColor: '#fff2cc',
                  },
                ],
              },
            ],
          }),
          item({
            type: 'map',
            address: SAMPLE_PLACES.seongsan.address[language],
            latitude: SAMPLE_PLACES.seongsan.latitude,
            longitude: SAMPLE_PLACES.seongsan.longitude,
            level: 6,
          }),
        ),
        section(
          item({
            type: 'title',
            content: [
              { type: 'heading-two', align: 'center', children: [{ text: s('협재해수욕장', 'Hyeopjae Beach') }] },
            ],
          }),
          item({
            type: 'imagetext',
            image: sampleImage('hyeopjae'),
            height: 160,
            content: rich(
              s(
                '얕고 맑은 물빛 덕분에 아이들이 놀기 좋아요. 바다 건너 비양도가 보입니다.',
                'Shallow, clear water that children love, with Biyangdo island across the bay.',
              ),
              para([b(s('팁: ', 'Tip: ')), s('해 질 녘 노을이 특히 아름다워요.', 'stay for the sunset.')]),
            ),
          }),
          item({
            type: 'map',
            address: SAMPLE_PLACES.hyeopjae.address[language],
            latitude: SAMPLE_PLACES.hyeopjae.latitude,
            longitude: SAMPLE_PLACES.hyeopjae.longitude,
            level: 5,
          }),
          item({
            type: 'table',
            content: [
              [s('명소', 'Place'), s('어른', 'Adult'), s('어린이', 'Child')],
              [s('성산일출봉', 'Seongsan Ilchulbong'), s('5,000원', '₩5,000'), s('2,500원', '₩2,500')],
              [s('천지연폭포', 'Cheonjiyeon Falls'), s('2,000원', '₩2,000'), s('1,000원', '₩1,000')],
              [s('협재해수욕장', 'Hyeopjae Beach'), s('무료', 'Free'), s('무료', 'Free')],
            ],
            rows: 4,
            cols: 3,
            colWidths: [192, 120, 120],
          }),
          item({
            type: 'text',
            content: rich(
              para(
                mark(s('* 입장료는 변동될 수 있습니다.', '* Fees may change.'), { fontSize: '12px', color: '#666666' }),
                'right',
              ),
            ),
          }),
        ),
        section(
          item({ type: 'title', content: rich(s('영상으로 미리 보기', 'Watch before you go')) }),
          item({ type: 'video', url: SAMPLE_LINKS.video }),
          item({ type: 'button', title: s('비짓제주에서 더 보기', 'More on Visit Jeju'), url: SAMPLE_LINKS.visitJeju }),
          item({
            type: 'accordion',
            title: rich(s('우도 가는 법', 'Getting to Udo')),
            body: rich(
              list('numbered-list', [
                [
                  s(
                    '성산포항에서 배를 탑니다 (15분 간격 운항).',
                    'Take the ferry from Seongsan port (every 15 minutes).',
                  ),
                ],
                [s('승선신고서와 신분증을 준비하세요.', 'Have the boarding form and ID ready.')],
                [b(s('렌터카는 반입이 제한될 수 있어요.', 'Rental cars may not be allowed on board.'))],
              ]),
            ),
            images: [sampleImage('jeju-coast')],
          }),
          item({ type: 'day', title: rich(s('추천 반나절 코스', 'A half-day route')) }),
          item({
            type: 'activity',
            place: s('사려니숲길', 'Saryeoni Forest Path'),
            time: '09:30',
            schedule: s('삼나무 숲 산책', 'Cedar forest walk'),
            body: rich(s('여름에도 시원한 그늘길', 'Shady and cool even in summer')),
          }),
        ),
      ],
    },
  );

  // ---- content page 3: food, a second attractions page
  const food = page('attractions', s('제주 먹거리', 'Jeju food'), s('꼭 먹어볼 음식', 'What to eat'), {
    icon: '/icons/default/food.svg',
    sections: [
      section(
        item({
          type: 'imagetext',
          image: sampleImage('tangerines'),
          height: 140,
          content: rich(
            para(b(s('감귤', 'Tangerines'))),
            s(
              '겨울이 제철이지만 5월에는 하우스 감귤과 한라봉 주스를 즐길 수 있어요.',
              'Winter is the season, but in May you’ll find greenhouse tangerines and hallabong juice.',
            ),
          ),
        }),
        item({
          type: 'text',
          content: [
            list('bulleted-list', [
              [
                b(s('흑돼지', 'Black pork')),
                s(' — 두툼하게 구워 멜젓에 찍어 먹어요.', ' — grilled thick, dipped in anchovy sauce.'),
              ],
              [b(s('고기국수', 'Gogi-guksu')), s(' — 돼지 뼈 육수의 국수.', ' — noodles in pork-bone broth.')],
              [b(s('갈치조림', 'Braised cutlassfish')), s(' — 서귀포의 명물.', ' — a Seogwipo speciality.')],
            ]),
          ],
        }),
        item({
          type: 'accordion',
          title: rich(s('아이와 먹기 좋은 메뉴', 'Child-friendly dishes')),
          body: rich(
            s(
              '전복죽, 보말칼국수, 감귤 아이스크림은 맵지 않아 아이들도 잘 먹어요.',
              'Abalone porridge, sea-snail noodles and tangerine ice cream are all mild.',
            ),
          ),
          images: [],
        }),
      ),
    ],
  });

  // ---- content page 4: preparations
  const packing = page('preparations', s('준비물', 'Packing list'), s('빠뜨리기 쉬운 것들', 'Easy to forget'), {
    sections: [
      section(
        item({
          type: 'preparation',
          image: sampleImage('packing'),
          title: rich(s('신분증', 'ID cards')),
          body: rich(
            s(
              '국내선 탑승과 우도 배편에 필요합니다. 아이들은 건강보험증이나 등본을 챙기세요.',
              'Needed for the flight and the Udo ferry. For children, a health insurance card will do.',
            ),
          ),
          isImportant: true,
        }),
        item({
          type: 'preparation',
          title: rich(s('바람막이와 모자', 'Windbreaker and hat')),
          body: rich(
            s(
              '제주는 바람이 강해요. 성산일출봉 정상은 특히 쌀쌀합니다.',
              'Jeju is windy, and the Seongsan rim is chilly.',
            ),
          ),
        }),
        item({
          type: 'preparation',
          title: rich(s('선크림과 물놀이 용품', 'Sunscreen and beach things')),
          body: rich(
            list('bulleted-list', [
              [s('선크림', 'Sunscreen')],
              [s('아쿠아슈즈', 'Water shoes')],
              [s('여벌 옷과 수건', 'Spare clothes and towels')],
            ]),
          ),
        }),
        item({
          type: 'preparation',
          title: rich(s('상비약', 'First-aid kit')),
          body: rich(s('멀미약(배 이동), 해열제, 밴드', 'Seasickness pills (ferry), fever reducer, plasters')),
        }),
      ),
    ],
  });

  // ---- content page 5: air tickets
  const flights = page('airtickets', s('항공권', 'Flights'), s('대한항공 왕복', 'Korean Air, return'), {
    sections: [
      section(
        item({
          type: 'airticket',
          title: rich(para([b('KE1203'), s(' 김포 → 제주 · 5월 2일 08:30', ' Gimpo → Jeju · 2 May 08:30')])),
          flight: {
            airline: s('대한항공', 'Korean Air'),
            flightNumber: 'KE1203',
            from: s('김포 (GMP)', 'Gimpo (GMP)'),
            to: s('제주 (CJU)', 'Jeju (CJU)'),
            departs: '2026-05-02T08:30',
            arrives: '2026-05-02T09:40',
            seat: '32A',
            cabin: s('일반석', 'Economy'),
          },
          images: [sampleImage('boarding')],
          isImportant: true,
        }),
        item({
          type: 'airticket',
          title: rich(para([b('KE1250'), s(' 제주 → 김포 · 5월 5일 17:40', ' Jeju → Gimpo · 5 May 17:40')])),
          flight: {
            airline: s('대한항공', 'Korean Air'),
            flightNumber: 'KE1250',
            from: s('제주 (CJU)', 'Jeju (CJU)'),
            to: s('김포 (GMP)', 'Gimpo (GMP)'),
            departs: '2026-05-05T17:40',
            arrives: '2026-05-05T18:50',
            seat: '',
            cabin: s('일반석', 'Economy'),
          },
          images: [sampleImage('boarding')],
        }),
        item({
          type: 'text',
          content: rich(
            s(
              '출발 1시간 전까지 공항에 도착하세요. 모바일 탑승권을 미리 받아 두면 편해요.',
              'Be at the airport an hour before departure; mobile boarding passes save queueing.',
            ),
          ),
        }),
      ),
    ],
  });

  const cards: Card[] = [
    {
      _id: id(),
      type: 'title',
      content: [
        { type: 'heading-two', align: 'center', children: [{ text: s('한눈에 보는 일정', 'The trip at a glance') }] },
      ],
    },
    {
      _id: id(),
      type: 'schedule-table',
      rows: [
        {
          id: id(),
          place: s('서쪽 해안', 'West coast'),
          time: s('1일차', 'Day 1'),
          schedule: s('협재해수욕장, 한림공원', 'Hyeopjae Beach, Hallim Park'),
        },
        {
          id: id(),
          place: s('서귀포', 'Seogwipo'),
          time: s('2일차', 'Day 2'),
          schedule: s('오설록, 천지연폭포, 올레시장', 'O’sulloc, Cheonjiyeon Falls, Olle Market'),
        },
        {
          id: id(),
          place: s('동쪽', 'The east'),
          time: s('3일차', 'Day 3'),
          schedule: s('성산일출봉, 우도', 'Seongsan Ilchulbong, Udo'),
        },
        {
          id: id(),
          place: s('제주시', 'Jeju City'),
          time: s('4일차', 'Day 4'),
          schedule: s('사려니숲길, 동문시장', 'Saryeoni Forest, Dongmun Market'),
        },
      ],
      mealHeading: s('식사', 'Meals'),
      mealDescription: s(
        '흑돼지, 고기국수, 갈치조림, 전복죽',
        'Black pork, pork noodle soup, cutlassfish, abalone porridge',
      ),
    },
    {
      _id: id(),
      type: 'leftImageCard',
      heading: s('한라산', 'Hallasan'),
      text: s('남한에서 가장 높은 산 (1,947m)', 'South Korea’s highest peak (1,947 m)'),
      image: sampleImage('hallasan'),
    },
    {
      _id: id(),
      type: 'preparation',
      heading: s('올레길', 'Olle trails'),
      text: s('시간이 남으면 올레 7코스를 걸어보세요.', 'Spare hour? Walk part of Olle route 7.'),
      image: sampleImage('olle-trail'),
    },
  ];

  return {
    title: s('제주 3박 4일 가족 여행', 'Jeju: 4 days with family'),
    header: {
      type: 'image',
      text: rich(para(b(s('포켓가이드 여행', 'PocketGuide Travel')), 'center')),
      image: sampleImage('jeju-coast'),
    },
    subheader: {
      type: 'text',
      title: [
        {
          type: 'heading-one',
          align: 'center',
          children: [{ text: s('제주 3박 4일 가족 여행', 'Jeju: 4 days with family') }],
        },
      ],
      text: rich(
        para(s('2026년 5월 2일 – 5월 5일 · 어른 2, 어린이 2', '2–5 May 2026 · 2 adults, 2 children'), 'center'),
      ),
    },
    footer: {
      type: 'text',
      title: rich(para(b(s('즐거운 여행 되세요!', 'Have a wonderful trip!')), 'center')),
      text: [
        para(s('여행 중 문의: 010-1234-5678', 'During the trip, call +82 10-1234-5678'), 'center'),
        {
          type: 'paragraph',
          align: 'center',
          children: [{ text: '' }, link(SAMPLE_LINKS.visitJeju, 'visitjeju.net'), { text: '' }],
        },
      ],
    },
    home: { cards },
    contents: [itinerary, places, food, packing, flights],
  };
}
