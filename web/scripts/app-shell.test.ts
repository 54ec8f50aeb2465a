// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { appAfterFirstPaint, filesOf, fillAppTemplate } from './app-shell.ts';

// index.html as Vite writes it: the entry, its imports, its stylesheet, the one-line root
const TEMPLATE = `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <title>포켓가이드</title>
    <script type="module" crossorigin src="/assets/main-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shell-libs-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/main-abc.css">
  </head>
  <body>
    <!--
      a note for developers
    -->
    <div id="root"><div style="min-height:100dvh"></div></div>
  </body>
</html>`;

const fill = (overrides: Partial<Parameters<typeof fillAppTemplate>[1]> = {}) =>
  fillAppTemplate(TEMPLATE, {
    drawn: { html: '<main><h1>최근 가이드북 $&</h1></main>', title: '최근 가이드북 · 포켓가이드' },
    fontFiles: ['/assets/a.woff2', '/assets/b.woff2'],
    language: 'en',
    audience: 'signed-in',
    firstLines: '<script>first</script>',
    pageScripts: ['/assets/recent-abc.js'],
    signedInScripts: [],
    styles: ['/assets/main-abc.css', '/assets/style-abc.css'],
    ...overrides,
  });

describe('the app’s drawn screens’ build (web/scripts/app-shell.ts)', () => {
  it('keeps the app’s own <title> for a screen whose first frame names none (the editor before its data)', () => {
    const html = fill({ drawn: { html: '<main></main>', title: '' } });
    expect(html).toContain('<title>포켓가이드</title>');
    expect(html).not.toContain('<title></title>');
  });

  it('draws the screen into index.html: the first lines first, the drawing in the root, no script in the head', () => {
    const html = fill();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<meta charset="UTF-8" \/>\s*<script>first<\/script>/);
    expect(html).toContain('<title>최근 가이드북 · 포켓가이드</title>');
    // `$&` in a text stays as written
    expect(html).toContain(
      '<div id="root" data-drawn="signed-in" data-language="en" data-font-files="/assets/a.woff2 /assets/b.woff2"><main><h1>최근 가이드북 $&</h1></main></div>',
    );
    expect(html).not.toContain('a note for developers');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    // the entry's stylesheet stays where it blocks the first paint (the drawing needs it) and is not linked twice
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/main-abc.css">');
    expect(html).toContain(
      appAfterFirstPaint(
        '/assets/main-abc.js',
        ['/assets/shell-libs-abc.js', '/assets/recent-abc.js'],
        [],
        ['/assets/style-abc.css'],
      ),
    );
  });

  it('asks for the entry, its imports and the screen’s files at once, after the first contentful paint; the signed-in ones only for someone signed in', () => {
    const script = appAfterFirstPaint('/assets/main.js', ['/assets/a.js'], ['/assets/signed-in.js'], ['/assets/x.css']);
    expect(script).toMatch(/^<script>\(function\(\)\{.*\}\)\(\)<\/script>$/s);
    expect(script).toContain('getEntriesByName("first-contentful-paint")');
    expect(script).toContain(
      'var p=["/assets/a.js"];if(document.documentElement.dataset.shell!=="guest")p=p.concat(["/assets/signed-in.js"])',
    );
    expect(script).toContain('l.rel="modulepreload"');
    expect(script).toContain('s.src="/assets/main.js"');
  });

  it('refuses an index.html with nowhere to draw or no entry to ask for', () => {
    expect(() =>
      fillAppTemplate(TEMPLATE.replace(/<div id="root">.*<\/div>/, ''), {
        drawn: { html: '', title: '' },
        fontFiles: [],
        language: 'ko',
        audience: 'anyone',
        firstLines: '',
        pageScripts: [],
        signedInScripts: [],
        styles: [],
      }),
    ).toThrow(/root/);
    expect(() =>
      fillAppTemplate(TEMPLATE.replace(/<script type="module"[^\n]*\n/, ''), {
        drawn: { html: '', title: '' },
        fontFiles: [],
        language: 'ko',
        audience: 'anyone',
        firstLines: '',
        pageScripts: [],
        signedInScripts: [],
        styles: [],
      }),
    ).toThrow(/entry/);
  });

  it('follows a chunk’s static imports, deepest first, with their stylesheets, each once', () => {
    const chunks = new Map([
      ['route.js', { file: 'route.js', imports: ['card.js', 'dialog.js'], css: ['route.css'] }],
      ['card.js', { file: 'card.js', imports: ['dialog.js'], css: [] }],
      ['dialog.js', { file: 'dialog.js', imports: [], css: ['dialog.css'] }],
    ]);
    expect(filesOf('route.js', chunks)).toEqual({
      scripts: ['dialog.js', 'card.js', 'route.js'],
      styles: ['dialog.css', 'route.css'],
    });
    expect(() => filesOf('missing.js', chunks)).toThrow(/missing/);
  });
});
