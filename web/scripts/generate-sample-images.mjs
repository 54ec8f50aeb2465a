// Draws the sample guidebook's pictures (simple illustrated Jeju scenes) and writes each in the three stored
// sizes under web/public/sample/. Run once after changing a scene: `node web/scripts/generate-sample-images.mjs`.
// sharp comes from the workspace (platform resizes uploads with it).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'sample');
const sizes = { large: 960, medium: 640, small: 320 };
const W = 960;
const H = 540;

const sky = (top, bottom) =>
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>`;

const scenes = {
  // the coast with Hallasan behind: the cover
  'jeju-coast': `${sky('#8ec5fc', '#e0f2ff')}
    <circle cx="780" cy="110" r="48" fill="#fff7d6"/>
    <path d="M0 330 Q240 140 480 120 Q720 140 960 330 Z" fill="#5b7f6a"/>
    <path d="M410 150 Q480 105 550 150 Q510 140 480 150 Q450 140 410 150 Z" fill="#ffffff" opacity="0.85"/>
    <path d="M0 330 H960 V540 H0 Z" fill="#2f8fb5"/>
    <path d="M0 360 Q120 345 240 360 T480 360 T720 360 T960 360" stroke="#9fd6ea" stroke-width="6" fill="none" opacity="0.7"/>
    <path d="M0 430 Q120 415 240 430 T480 430 T720 430 T960 430" stroke="#9fd6ea" stroke-width="5" fill="none" opacity="0.5"/>
    <path d="M0 540 L0 470 Q200 440 420 500 Q560 540 600 540 Z" fill="#3b3b3b"/>`,
  // Seongsan Ilchulbong at sunrise
  seongsan: `${sky('#ffb88c', '#ffe7c4')}
    <circle cx="480" cy="140" r="62" fill="#ff7b54" opacity="0.9"/>
    <path d="M180 360 L260 220 Q300 190 340 200 L600 200 Q640 190 680 220 L760 360 Z" fill="#4f6b4a"/>
    <path d="M300 215 Q470 260 640 215" stroke="#3c5438" stroke-width="10" fill="none"/>
    <path d="M0 360 H960 V540 H0 Z" fill="#3a7ca5"/>
    <path d="M300 380 H660" stroke="#ffb38a" stroke-width="10" opacity="0.8"/>
    <path d="M360 410 H600" stroke="#ffb38a" stroke-width="8" opacity="0.6"/>`,
  // Hallasan with its snow cap and the Baengnokdam crater
  hallasan: `${sky('#5aa9e6', '#cfe8fb')}
    <path d="M0 540 L0 400 Q300 160 480 130 Q660 160 960 400 L960 540 Z" fill="#3f6e4e"/>
    <path d="M390 170 Q480 120 570 170 Q540 190 510 178 Q480 195 450 178 Q420 190 390 170 Z" fill="#f4f9ff"/>
    <path d="M0 540 L0 460 Q240 380 480 430 Q720 380 960 460 L960 540 Z" fill="#2c5038"/>
    <circle cx="140" cy="110" r="30" fill="#ffffff" opacity="0.6"/><circle cx="180" cy="100" r="38" fill="#ffffff" opacity="0.6"/>`,
  // Hyeopjae beach and Biyangdo island
  hyeopjae: `${sky('#7fd3ff', '#e8f8ff')}
    <path d="M600 300 Q700 250 800 300 Z" fill="#5c8a5c"/>
    <path d="M0 300 H960 V400 H0 Z" fill="#1fb5c9"/>
    <path d="M0 360 H960 V420 H0 Z" fill="#6fe0e6"/>
    <path d="M0 420 Q480 380 960 420 V540 H0 Z" fill="#f6e7c1"/>
    <path d="M80 540 L120 440 L160 540 Z" fill="#d9a066" opacity="0.4"/>`,
  // tangerines on a branch
  tangerines: `${sky('#fff4dc', '#ffe2b0')}
    <path d="M80 120 Q480 60 880 160" stroke="#6b4f2f" stroke-width="14" fill="none"/>
    ${[
      [240, 250],
      [420, 230],
      [600, 270],
      [330, 380],
      [520, 400],
      [720, 360],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x} ${y - 70} Q${x + 40} ${y - 120} ${x + 80} ${y - 100}" stroke="#3f7d3a" stroke-width="6" fill="none"/><ellipse cx="${x + 60}" cy="${y - 100}" rx="34" ry="16" fill="#4c9a47"/><circle cx="${x}" cy="${y}" r="72" fill="#ff9a1f"/><circle cx="${x - 22}" cy="${y - 24}" r="18" fill="#ffc46b" opacity="0.8"/>`,
      )
      .join('')}`,
  // an Olle trail along a stone wall
  'olle-trail': `${sky('#a8e0ff', '#eaf7ff')}
    <path d="M0 260 H960 V540 H0 Z" fill="#88b04b"/>
    <path d="M420 540 Q470 400 520 260 H560 Q540 400 620 540 Z" fill="#d7c29e"/>
    ${Array.from({ length: 12 }, (_, i) => `<ellipse cx="${40 + i * 34}" cy="${330 + i * 14}" rx="26" ry="16" fill="#3d3d3d"/>`).join('')}
    <path d="M600 250 L640 200 L680 250 Z" fill="#2f6b3a"/><path d="M700 255 L750 180 L800 255 Z" fill="#2f6b3a"/>
    <rect x="640" y="380" width="12" height="90" fill="#7a5230"/><path d="M652 385 L720 400 L652 415 Z" fill="#f28c28"/><path d="M652 420 L720 435 L652 450 Z" fill="#4aa3df"/>`,
  // a boarding pass
  boarding: `${sky('#e6eef8', '#cbd9ec')}
    <rect x="120" y="130" width="720" height="280" rx="24" fill="#ffffff"/>
    <rect x="120" y="130" width="720" height="70" rx="24" fill="#1c4587"/><rect x="120" y="170" width="720" height="30" fill="#1c4587"/>
    <path d="M390 294 H540" stroke="#1c4587" stroke-width="6" stroke-dasharray="12 10"/>
    <path d="M550 266 l40 28 l-40 28 l10 -28 Z" fill="#1c4587"/>
    <text x="170" y="320" font-family="DejaVu Sans" font-size="72" font-weight="bold" fill="#1c4587">GMP</text>
    <text x="790" y="320" font-family="DejaVu Sans" font-size="72" font-weight="bold" fill="#1c4587" text-anchor="end">CJU</text>
    <path d="M170 360 H790" stroke="#c9daf8" stroke-width="4"/>`,
  // a packed suitcase
  packing: `${sky('#fdf1e6', '#f6dcc4')}
    <rect x="300" y="170" width="360" height="260" rx="26" fill="#cc4125"/>
    <rect x="420" y="120" width="120" height="60" rx="18" fill="none" stroke="#85200c" stroke-width="16"/>
    <path d="M380 170 V430 M580 170 V430" stroke="#85200c" stroke-width="14"/>
    <circle cx="340" cy="445" r="18" fill="#3d3d3d"/><circle cx="620" cy="445" r="18" fill="#3d3d3d"/>
    <rect x="690" y="300" width="90" height="130" rx="12" fill="#4a86e8"/><rect x="180" y="330" width="90" height="100" rx="45" fill="#f1c232"/>`,
};

await mkdir(out, { recursive: true });
for (const [name, body] of Object.entries(scenes)) {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`,
  );
  for (const [size, width] of Object.entries(sizes)) {
    const file = join(out, `${name}-${size}.jpg`);
    await writeFile(file, await sharp(svg).resize({ width }).jpeg({ quality: 72, mozjpeg: true }).toBuffer());
  }
}
console.log(`wrote ${Object.keys(scenes).length * 3} images to ${out}`);
