// Pretendard's dynamic subset (woff2 only, `font-display: swap`; the browser fetches only the glyph ranges the page
// uses). Loaded as its own chunk, see `loadFonts` in main.ts.
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
