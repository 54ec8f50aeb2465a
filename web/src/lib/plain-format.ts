/**
 * Number and date texts the signed-out pages show on their first screen, without Intl: the first Intl formatter a
 * page makes loads the browser's locale data, 25–80 ms on a fast machine and four times that on a phone, inside
 * the first render (issue 11, fast front door). Each gives exactly what Intl gives for these two locales
 * (plain-format.test.ts checks it).
 */

/** 50000 → '50,000', as `Intl.NumberFormat('ko-KR' | 'en-GB')` writes whole numbers. */
export function groupDigits(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A calendar day as `Intl.DateTimeFormat` writes it with year numeric, month long, day numeric: '2025년 11월 1일', '1 November 2025'. */
export function longDate(date: Date, language: 'ko' | 'en'): string {
  const [year, month, day] = [date.getFullYear(), date.getMonth(), date.getDate()];
  return language === 'ko' ? `${year}년 ${month + 1}월 ${day}일` : `${day} ${EN_MONTHS[month]} ${year}`;
}
