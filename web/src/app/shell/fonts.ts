// Pretendard, bundled from node_modules (the dynamic subset: the browser fetches only the glyph ranges a page uses),
// as a stylesheet of its own that main.tsx asks for once the app has drawn its first screen, and that a drawn
// screen's first lines ask for before the first paint once this browser has the fonts (web/scripts/app-shell.ts).
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
