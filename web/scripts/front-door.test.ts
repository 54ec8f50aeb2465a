// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  afterFirstPaint,
  fillTemplate,
  fontFiles,
  fontFilesFor,
  inlineScriptHashes,
  prerenderedFile,
} from './front-door.ts';

const TEMPLATE = `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="old" />
    <title>포켓가이드</title>
    <!--
      a note for developers
    -->
    <script type="module" crossorigin src="/assets/front-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/front-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const FONTS_CSS =
  '@font-face{font-family:Pretendard Variable;src:url(/assets/latin.woff2)format("woff2-variations");unicode-range:U+0000-00FF,U+2019}' +
  '@font-face{font-family:Pretendard Variable;src:url(/assets/hangul-ga.woff2)format("woff2-variations");unicode-range:U+AC00-AC7F}' +
  '@font-face{font-family:Pretendard Variable;src:url(/assets/cjk.woff2)format("woff2-variations");unicode-range:U+4??}';

describe('the front door’s build (web/scripts/front-door.ts)', () => {
  it('fills front.html with a page: language, title, description, first lines, the drawn page; the script comes after the first paint', () => {
    const html = fillTemplate(
      TEMPLATE,
      { html: '<main><h1>가 & $&</h1></main>', title: 'Log in · PocketGuide', description: 'Say "hi"' },
      '/login',
      'en',
      '<script>first</script>',
      fontFiles(FONTS_CSS),
    );
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Log in · PocketGuide</title>');
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot;" />');
    expect(html).toMatch(/<meta charset="UTF-8" \/>\s*<script>first<\/script>/);
    // `$&` in a text stays as written
    expect(html).toContain(
      '<div id="root" data-prerendered="/login" data-language="en" data-font-files="/assets/latin.woff2 /assets/hangul-ga.woff2"><main><h1>가 & $&</h1></main></div>',
    );
    expect(html).not.toContain('a note for developers');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload" crossorigin');
    expect(html).toContain(afterFirstPaint('/assets/front-abc.js', ['/assets/react-abc.js']));
    expect(afterFirstPaint('/assets/front-abc.js', ['/assets/react-abc.js'])).toContain('["/assets/react-abc.js"]');
  });

  it('refuses a front.html with nowhere to draw the page', () => {
    expect(() =>
      fillTemplate(
        TEMPLATE.replace('<div id="root"></div>', ''),
        { html: '', title: '', description: '' },
        '/',
        'ko',
        '',
      ),
    ).toThrow(/root/);
  });

  it('lists the font files a text needs by their unicode ranges, wildcards included', () => {
    const fonts = fontFiles(FONTS_CSS);
    expect(fonts.map((font) => font.url)).toEqual([
      '/assets/latin.woff2',
      '/assets/hangul-ga.woff2',
      '/assets/cjk.woff2',
    ]);
    expect(fontFilesFor('<p title="각">Hello</p>', fonts)).toEqual(['/assets/latin.woff2']);
    expect(fontFilesFor('<p>가나</p>', fonts)).toEqual(['/assets/latin.woff2', '/assets/hangul-ga.woff2']);
    expect(fontFilesFor('\u04ff', fonts)).toEqual(['/assets/cjk.woff2']);
  });

  it('hashes each inline script as a browser does for the CSP, leaving scripts with a src alone', () => {
    const html = `<script>a()</script><script type="module" src="/x.js"></script><script nomodule>b()</script><script>a()</script>`;
    const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
  });

  it('names the pages’ files by language and address', () => {
    expect(prerenderedFile('ko', '/')).toBe('front/ko/index.html');
    expect(prerenderedFile('en', '/signup')).toBe('front/en/signup.html');
  });
});
