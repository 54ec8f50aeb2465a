#!/usr/bin/env python3
"""Draws the default menu icons of the editor's icon chooser into web/public/icons/default/ and writes their
list with Korean and English names to web/src/features/editor/default-icons.json. Run it after changing an icon:
`python3 web/scripts/draw-default-icons.py`. The five content-type icons (attractions, itinerary, preparations,
airtickets, food) are drawn by hand and kept as they are."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'public', 'icons', 'default')
LIST = os.path.join(HERE, '..', 'src', 'features', 'editor', 'default-icons.json')

TEAL, BLUE, RED, ORANGE, GREEN, PURPLE, SLATE = '#0f766e', '#1155cc', '#cc0000', '#c2410c', '#15803d', '#7e22ce', '#334155'

HAND_DRAWN = [
    ('attractions', '명소', 'Attractions'),
    ('itinerary', '일정', 'Itinerary'),
    ('preparations', '준비물', 'Preparations'),
    ('airtickets', '항공권', 'Air tickets'),
    ('food', '음식', 'Food'),
]

ICONS = [
    ('hotel', '숙소', 'Hotel', BLUE, '<path d="M3 18V7M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-7v5"/><circle cx="7" cy="11" r="2"/>'),
    ('cafe', '카페', 'Café', ORANGE, '<path d="M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z"/><path d="M16 10h2a2 2 0 0 1 0 4h-2M8 3v3M12 3v3"/>'),
    ('restaurant', '식당', 'Restaurant', RED, '<path d="M7 3v8M5 3v5a2 2 0 0 0 4 0V3M7 11v10M17 21V3c-2 1-3 4-3 8h3"/>'),
    ('noodles', '면 요리', 'Noodles', RED, '<path d="M3 11h18a9 9 0 0 1-18 0z"/><path d="M7 11l9-8M10 11l9-7"/>'),
    ('bakery', '베이커리', 'Bakery', ORANGE, '<path d="M4 15c0-5 3.5-8 8-8s8 3 8 8v2H4z"/><path d="M9 8.5l1 8.5M15 8.5l-1 8.5M12 7v10"/>'),
    ('dessert', '디저트', 'Dessert', RED, '<path d="M8 11l4 10 4-10"/><path d="M7 11a5 5 0 0 1 10 0z"/>'),
    ('bar', '바', 'Bar', PURPLE, '<path d="M7 3h10l-1 6a4 4 0 0 1-8 0z"/><path d="M12 13v7M8 21h8"/>'),
    ('beer', '맥주', 'Beer', ORANGE, '<path d="M6 7h9v12a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2z"/><path d="M15 10h2a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2h-2M6 7a2.5 2.5 0 0 1 3-3 3 3 0 0 1 5 0 2 2 0 0 1 1 3"/>'),
    ('market', '시장', 'Market', ORANGE, '<path d="M4 10l1-5h14l1 5M4 10a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0M5 10v10h14V10M10 20v-5h4v5"/>'),
    ('shopping', '쇼핑', 'Shopping', PURPLE, '<path d="M5 8h14l-1 12H6z"/><path d="M9 10V6a3 3 0 0 1 6 0v4"/>'),
    ('gift', '기념품', 'Souvenirs', PURPLE, '<rect x="4" y="10" width="16" height="11" rx="1"/><path d="M3 7h18v3H3zM12 7v14M12 7c-1-3-5-3-5 0M12 7c1-3 5-3 5 0"/>'),
    ('bus', '버스', 'Bus', TEAL, '<rect x="4" y="4" width="16" height="13" rx="2"/><path d="M4 11h16M8 17v2M16 17v2M8 14h.01M16 14h.01"/>'),
    ('train', '기차', 'Train', TEAL, '<rect x="6" y="3" width="12" height="14" rx="3"/><path d="M6 10h12M9 14h.01M15 14h.01M8 21l2-4M16 21l-2-4"/>'),
    ('subway', '지하철', 'Subway', TEAL, '<rect x="5" y="3" width="14" height="15" rx="4"/><path d="M5 11h14M12 3v8M9 14.5h.01M15 14.5h.01M7 21l2-3M17 21l-2-3"/>'),
    ('plane', '비행기', 'Flight', BLUE, '<path d="M2 16l20-8-4 12-5-4-3 4v-5l8-7-11 6z"/>'),
    ('ship', '배', 'Ferry', BLUE, '<path d="M3 16l2 4h14l2-4z"/><path d="M6 16v-5h12v5M12 11V4l5 4"/>'),
    ('car', '자동차', 'Car', TEAL, '<path d="M5 16v-5l2-5h10l2 5v5z"/><path d="M5 11h14"/><circle cx="8" cy="16.5" r="1.5"/><circle cx="16" cy="16.5" r="1.5"/>'),
    ('taxi', '택시', 'Taxi', ORANGE, '<path d="M5 17v-5l2-5h10l2 5v5z"/><path d="M5 12h14M10 7V4h4v3"/><circle cx="8" cy="17.5" r="1.5"/><circle cx="16" cy="17.5" r="1.5"/>'),
    ('bicycle', '자전거', 'Bicycle', GREEN, '<circle cx="6" cy="16" r="3.5"/><circle cx="18" cy="16" r="3.5"/><path d="M6 16l4-7h5l3 7M10 9l2 7H6M14 6h2"/>'),
    ('walk', '도보', 'Walking', GREEN, '<circle cx="13" cy="4.5" r="1.5"/><path d="M9 21l3-7 3 3v4M12 14l1-5-3 2-2 3M13 9l3 3h3"/>'),
    ('map', '지도', 'Map', TEAL, '<path d="M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2z"/><path d="M9 4v14M15 6v14"/>'),
    ('compass', '나침반', 'Compass', TEAL, '<circle cx="12" cy="12" r="9"/><path d="M15.5 8.5l-2 5-5 2 2-5z"/>'),
    ('flag', '집결지', 'Meeting point', RED, '<path d="M5 21V4M5 4h11l-2 4 2 4H5"/>'),
    ('beach', '해변', 'Beach', BLUE, '<path d="M12 4a8 8 0 0 1 8 8H4a8 8 0 0 1 8-8z"/><path d="M12 12v8M3 20h18"/>'),
    ('sea', '바다', 'Sea', BLUE, '<path d="M2 7c2.5-2 4.5-2 7 0s4.5 2 7 0 3.5-2 6 0M2 12c2.5-2 4.5-2 7 0s4.5 2 7 0 3.5-2 6 0M2 17c2.5-2 4.5-2 7 0s4.5 2 7 0 3.5-2 6 0"/>'),
    ('mountain', '산', 'Mountain', GREEN, '<path d="M3 19l6-10 4 6 2-3 6 7z"/>'),
    ('park', '공원', 'Park', GREEN, '<path d="M12 3l6 8h-3l4 5H5l4-5H6z"/><path d="M12 16v5"/>'),
    ('flower', '꽃 명소', 'Flowers', RED, '<path d="M12 3c2 2 3 4 3 6a3 3 0 0 1-6 0c0-2 1-4 3-6zM12 12v9M12 18c-2-3-5-3-7-2M12 16c2-2 5-3 7-2"/>'),
    ('hot-spring', '온천', 'Hot spring', RED, '<path d="M4 16c0 3 16 3 16 0M4 16c0-2 16-2 16 0M8 12c0-2 1.5-2 1.5-4S8 6 8 4M12 12c0-2 1.5-2 1.5-4S12 6 12 4M16 12c0-2 1.5-2 1.5-4S16 6 16 4"/>'),
    ('camping', '캠핑', 'Camping', GREEN, '<path d="M3 20L12 4l9 16zM9 20l3-6 3 6"/>'),
    ('swimming', '수영', 'Swimming', BLUE, '<path d="M2 18c2.5-2 4.5-2 7 0s4.5 2 7 0 3.5-2 6 0"/><circle cx="16" cy="7" r="1.5"/><path d="M5 14l5-4 3 3 3-2"/>'),
    ('golf', '골프', 'Golf', GREEN, '<path d="M10 20V3l7 3-7 3"/><path d="M5 21c0-1 2.2-1.5 5-1.5s5 .5 5 1.5"/>'),
    ('camera', '포토 스폿', 'Photo spot', PURPLE, '<rect x="3" y="7" width="18" height="12" rx="2"/><path d="M8 7l2-3h4l2 3"/><circle cx="12" cy="13" r="3.5"/>'),
    ('museum', '박물관', 'Museum', SLATE, '<path d="M3 9l9-5 9 5M4 9h16M5 9v9M9 9v9M15 9v9M19 9v9M3 20h18"/>'),
    ('temple', '사찰', 'Temple', ORANGE, '<path d="M3 8c3 0 6-2 9-4 3 2 6 4 9 4M5 8v3h14V8M7 11v9M17 11v9M4 20h16M10 20v-5h4v5"/>'),
    ('castle', '성', 'Castle', SLATE, '<path d="M4 21V8h3v2h2V8h2v2h2V8h2v2h2V8h3v13zM10 21v-5a2 2 0 0 1 4 0v5"/>'),
    ('church', '성당', 'Church', SLATE, '<path d="M12 2v4M10 4h4M12 6l5 5v10H7V11zM10 21v-4h4v4"/>'),
    ('tower', '전망대', 'Observatory', SLATE, '<path d="M12 2v3M9 21l2-16h2l2 16M7 21h10M10 12h4M9.5 16h5"/>'),
    ('bridge', '다리', 'Bridge', SLATE, '<path d="M2 16h20M2 12c4 0 6-4 10-4s6 4 10 4M6 12v4M12 8v8M18 12v4"/>'),
    ('music', '공연', 'Show', PURPLE, '<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>'),
    ('night', '야경', 'Night view', PURPLE, '<path d="M20 14A8 8 0 0 1 10 4a8 8 0 1 0 10 10z"/>'),
    ('ticket', '입장권', 'Tickets', ORANGE, '<path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z"/><path d="M14 7v2M14 11v2M14 15v2"/>'),
    ('calendar', '날짜', 'Dates', TEAL, '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>'),
    ('clock', '시간', 'Opening hours', TEAL, '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>'),
    ('sun', '날씨', 'Weather', ORANGE, '<circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/>'),
    ('umbrella', '우천 시', 'Rainy day', BLUE, '<path d="M3 12a9 9 0 0 1 18 0z"/><path d="M12 12v7a2 2 0 0 1-4 0"/>'),
    ('snow', '겨울', 'Winter', BLUE, '<path d="M12 3v18M4.2 7.5l15.6 9M4.2 16.5l15.6-9M10 4l2 2 2-2M10 20l2-2 2 2"/>'),
    ('luggage', '짐', 'Luggage', SLATE, '<rect x="5" y="7" width="14" height="13" rx="2"/><path d="M9 7V4h6v3M9 11v5M15 11v5"/>'),
    ('passport', '여권', 'Passport', BLUE, '<rect x="5" y="3" width="14" height="18" rx="2"/><circle cx="12" cy="10" r="3"/><path d="M9 16h6"/>'),
    ('globe', '해외', 'Abroad', TEAL, '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>'),
    ('money', '환전', 'Money', GREEN, '<rect x="3" y="6" width="18" height="12" rx="2"/><circle cx="12" cy="12" r="2.5"/><path d="M6.5 9h.01M17.5 15h.01"/>'),
    ('wifi', '와이파이', 'Wi-Fi', TEAL, '<path d="M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19h.01"/>'),
    ('plug', '전원', 'Power', SLATE, '<path d="M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0zM12 17v4"/>'),
    ('phone', '연락처', 'Contacts', TEAL, '<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"/>'),
    ('translate', '언어', 'Language', TEAL, '<path d="M4 5h8M8 3v2M10 5c0 4-3 7-6 8M6 9c1 2 3 3.5 5 4M13 21l4-9 4 9M14.5 18h5"/>'),
    ('info', '안내', 'Information', BLUE, '<circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7.5h.01"/>'),
    ('warning', '주의', 'Caution', ORANGE, '<path d="M12 3l10 18H2z"/><path d="M12 10v5M12 18h.01"/>'),
    ('hospital', '병원', 'Hospital', RED, '<rect x="4" y="4" width="16" height="16" rx="2"/><path d="M12 8v8M8 12h8"/>'),
    ('pharmacy', '약국', 'Pharmacy', GREEN, '<path d="M7.5 16.5a3.5 3.5 0 0 1 0-5l4-4a3.5 3.5 0 0 1 5 5l-4 4a3.5 3.5 0 0 1-5 0zM9.5 9.5l5 5"/>'),
    ('police', '안전', 'Safety', BLUE, '<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z"/>'),
    ('toilet', '화장실', 'Restrooms', SLATE, '<circle cx="7" cy="5" r="1.5"/><circle cx="17" cy="5" r="1.5"/><path d="M5 21v-6H4l1-6h4l1 6H9v6M15 21v-6l-1-6h6l-1 6v6M12 3v18"/>'),
    ('parking', '주차', 'Parking', BLUE, '<rect x="4" y="4" width="16" height="16" rx="3"/><path d="M10 17V8h3a2.5 2.5 0 0 1 0 5h-3"/>'),
    ('star', '추천', 'Highlights', ORANGE, '<path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"/>'),
    ('heart', '즐겨찾기', 'Favourites', RED, '<path d="M12 20s-8-4.5-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.5 12 20 12 20z"/>'),
    ('book', '가이드', 'Guide', TEAL, '<path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 21V5M19 19v2H6"/>'),
    ('check', '체크리스트', 'Checklist', GREEN, '<circle cx="12" cy="12" r="9"/><path d="M8 12l3 3 5-6"/>'),
]


def svg(colour: str, body: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24" fill="none" '
        f'stroke="{colour}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">{body}</svg>\n'
    )


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    names = [name for name, *_ in HAND_DRAWN + [(i[0], i[1], i[2]) for i in ICONS]]
    assert len(names) == len(set(names)), 'icon names repeat'
    for name, _ko, _en, colour, body in ICONS:
        with open(os.path.join(OUT, f'{name}.svg'), 'w', encoding='utf-8') as file:
            file.write(svg(colour, body))
    listed = [{'name': name, 'ko': ko, 'en': en} for name, ko, en in HAND_DRAWN] + [
        {'name': name, 'ko': ko, 'en': en} for name, ko, en, _colour, _body in ICONS
    ]
    with open(LIST, 'w', encoding='utf-8') as file:
        json.dump(listed, file, ensure_ascii=False, indent=2)
        file.write('\n')
    print(f'{len(listed)} default icons')


if __name__ == '__main__':
    main()
