// Pretendard's dynamic subset for the front door, as its own stylesheet (`font-display: optional` in this build): an
// entry of the front door's build (web/scripts/front-door.ts) that no script imports; the pages' first lines ask for
// it once this browser has the font files (first-lines.ts, start.tsx).
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
