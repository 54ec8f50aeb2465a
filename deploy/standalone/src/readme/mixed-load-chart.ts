/**
 * `npm run bench:chart`: the README's chart of the mixed-load curve against its ceiling, drawn as an SVG from
 * `npm run bench` output (test-output/bench/results.json; another file may be named as the first argument) into
 * docs/bench/mixed-load.svg.
 *
 * The shape it reads, wherever it sits in the file (the mixed-load suite's result): an object with
 *   curve:   [{ offered, served, readP99, saveP99 }]   requests/s offered and served, p99 in ms, one point per step
 *   ceiling: number                                    the served rate the machine cannot go beyond (requests/s)
 * Anything else in the file is ignored; a file without that shape is refused with one line.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

export const mixedLoadCurveSchema = z.object({
  curve: z
    .array(
      z.object({
        offered: z.number().nonnegative(),
        served: z.number().nonnegative(),
        readP99: z.number().nonnegative(),
        saveP99: z.number().nonnegative(),
      }),
    )
    .min(1),
  ceiling: z.number().positive(),
});
export type MixedLoadCurve = z.infer<typeof mixedLoadCurveSchema>;

/** The first object in `value` (depth first) that has the curve's shape. */
export function findMixedLoadCurve(value: unknown): MixedLoadCurve | undefined {
  const parsed = mixedLoadCurveSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (value === null || typeof value !== 'object') return undefined;
  for (const child of Object.values(value)) {
    const found = findMixedLoadCurve(child);
    if (found) return found;
  }
  return undefined;
}

const W = 880;
const H = 360;
const PANEL = { top: 56, bottom: 300, width: 360 };
const LEFT = [70, 500] as const;
const COLORS = {
  served: '#0f766e',
  offered: '#94a3b8',
  ceiling: '#f97360',
  read: '#0369a1',
  save: '#f97360',
  grid: '#e2e8f0',
  text: '#334155',
};

const niceMax = (value: number): number => {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
};
const fmt = (n: number): string => (n >= 100 ? Math.round(n).toLocaleString('en-US') : String(Math.round(n * 10) / 10));
const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Axis = { left: number; xMax: number; yMax: number };
const xOf = (axis: Axis, value: number) => axis.left + (value / axis.xMax) * PANEL.width;
const yOf = (axis: Axis, value: number) => PANEL.bottom - (value / axis.yMax) * (PANEL.bottom - PANEL.top);

function frame(axis: Axis, title: string, yLabel: string): string {
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const lines = ticks.map((t) => {
    const y = yOf(axis, t * axis.yMax);
    const x = xOf(axis, t * axis.xMax);
    return `<line x1="${axis.left}" x2="${axis.left + PANEL.width}" y1="${y}" y2="${y}" stroke="${COLORS.grid}"/>
<text x="${axis.left - 8}" y="${y + 4}" text-anchor="end">${fmt(t * axis.yMax)}</text>
<text x="${x}" y="${PANEL.bottom + 18}" text-anchor="middle">${fmt(t * axis.xMax)}</text>`;
  });
  return `<text x="${axis.left}" y="${PANEL.top - 24}" font-weight="600" font-size="14">${esc(title)}</text>
${lines.join('\n')}
<text x="${axis.left + PANEL.width / 2}" y="${PANEL.bottom + 38}" text-anchor="middle">제공 부하 · offered (req/s)</text>
<text transform="translate(${axis.left - 48} ${(PANEL.top + PANEL.bottom) / 2}) rotate(-90)" text-anchor="middle">${esc(yLabel)}</text>`;
}

const polyline = (axis: Axis, points: Array<[number, number]>, color: string, dashed = false): string =>
  `<polyline fill="none" stroke="${color}" stroke-width="2.5"${dashed ? ' stroke-dasharray="6 5"' : ''} points="${points.map(([x, y]) => `${xOf(axis, x).toFixed(1)},${yOf(axis, y).toFixed(1)}`).join(' ')}"/>` +
  (dashed
    ? ''
    : points
        .map(
          ([x, y]) =>
            `<circle cx="${xOf(axis, x).toFixed(1)}" cy="${yOf(axis, y).toFixed(1)}" r="3.5" fill="${color}"/>`,
        )
        .join(''));

const legend = (x: number, y: number, items: Array<[string, string, boolean]>): string =>
  items
    .map(
      ([label, color, dashed], i) =>
        `<line x1="${x}" x2="${x + 22}" y1="${y + i * 18}" y2="${y + i * 18}" stroke="${color}" stroke-width="2.5"${dashed ? ' stroke-dasharray="6 5"' : ''}/><text x="${x + 28}" y="${y + i * 18 + 4}">${esc(label)}</text>`,
    )
    .join('\n');

/** The chart as an SVG document: served against offered with the ceiling (left), p99 latencies (right). */
export function renderMixedLoadChart(data: MixedLoadCurve): string {
  const points = [...data.curve].sort((a, b) => a.offered - b.offered);
  const xMax = niceMax(Math.max(...points.map((p) => p.offered), data.ceiling));
  const rate: Axis = {
    left: LEFT[0],
    xMax,
    yMax: niceMax(Math.max(...points.map((p) => Math.max(p.served, p.offered)), data.ceiling)),
  };
  const latency: Axis = {
    left: LEFT[1],
    xMax,
    yMax: niceMax(Math.max(...points.map((p) => Math.max(p.readP99, p.saveP99)))),
  };
  const ceilingY = yOf(rate, data.ceiling);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Pretendard, 'Noto Sans KR', system-ui, sans-serif" font-size="12" fill="${COLORS.text}">
<title>혼합 부하 곡선과 한계 · Mixed-load curve against its ceiling</title>
<rect width="${W}" height="${H}" fill="#ffffff"/>
${frame(rate, '처리량 · Throughput', '처리 · served (req/s)')}
${polyline(
  rate,
  [
    [0, 0],
    [xMax, Math.min(xMax, rate.yMax)],
  ],
  COLORS.offered,
  true,
)}
<line x1="${rate.left}" x2="${rate.left + PANEL.width}" y1="${ceilingY}" y2="${ceilingY}" stroke="${COLORS.ceiling}" stroke-width="2" stroke-dasharray="2 4"/>
<text x="${rate.left + PANEL.width}" y="${ceilingY - 6}" text-anchor="end" fill="${COLORS.ceiling}">한계 · ceiling ${fmt(data.ceiling)} req/s</text>
${polyline(
  rate,
  points.map((p) => [p.offered, p.served]),
  COLORS.served,
)}
${legend(rate.left + 12, PANEL.top + 8, [
  ['처리 · served', COLORS.served, false],
  ['제공 = 처리 · offered = served', COLORS.offered, true],
])}
${frame(latency, '지연 p99 · Latency p99', 'p99 (ms)')}
${polyline(
  latency,
  points.map((p) => [p.offered, p.readP99]),
  COLORS.read,
)}
${polyline(
  latency,
  points.map((p) => [p.offered, p.saveP99]),
  COLORS.save,
)}
${legend(latency.left + 12, PANEL.top + 8, [
  ['읽기 · reader page', COLORS.read, false],
  ['저장 · author save', COLORS.save, false],
])}
</svg>
`;
}

async function main(argv: readonly string[]): Promise<number> {
  const root = resolve(import.meta.dirname, '../../../..');
  const input = resolve(argv[0] ?? resolve(root, 'test-output/bench/results.json'));
  const output = resolve(root, 'docs/bench/mixed-load.svg');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(input, 'utf8'));
  } catch (error) {
    console.error(
      `Cannot read ${input} (${error instanceof Error ? error.message : String(error)}): run \`npm run bench -- mixed-load\` first.`,
    );
    return 1;
  }
  const curve = findMixedLoadCurve(raw);
  if (!curve) {
    console.error(
      `${input} holds no mixed-load curve ({ curve: [{ offered, served, readP99, saveP99 }], ceiling }): run \`npm run bench -- mixed-load\` with the curve-reporting suite.`,
    );
    return 1;
  }
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, renderMixedLoadChart(curve));
  console.log(`${output}: ${curve.curve.length} points, ceiling ${curve.ceiling} req/s`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename)
  process.exitCode = await main(process.argv.slice(2));
