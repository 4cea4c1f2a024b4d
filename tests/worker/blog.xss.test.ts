import { describe, expect, it } from 'vitest';
import type { OperatorBlogPost } from '../../src/shared/types';
import { call } from '../support/factory';
import { operatorToken } from '../support/operator';

/**
 * Known XSS vectors, most from the OWASP XSS Filter Evasion Cheat Sheet
 * (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html): none may leave anything
 * executable in an article, neither as stored nor as the page renders it.
 */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<script/xss src="https://xss.example/xss.js"></script>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=https://xss.example/xss.js?< B >',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<iframe src=https://xss.example/scriptlet.html <',
  '<IMG SRC="`javascript:alert(\'XSS\')`">',
  '<a href="javascript:alert(1)">klick</a>',
  '<a href="JAVASCRIPT:alert(1)">klick</a>',
  '<a href="  javascript:alert(1)">klick</a>',
  '<a href="java\u0000script:alert(1)">klick</a>',
  '<a href="&#106;avascript:alert(1)">klick</a>',
  '<a href="vbscript:msgbox(1)">klick</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klick</a>',
  '<a href="https://ok.example" onclick="alert(1)">klick</a>',
  '<a href="https://ok.example" target="_blank" rel="opener">klick</a>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BGSOUND SRC="javascript:alert(\'XSS\');">',
  '<BR SIZE="&{alert(\'XSS\')}">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  '<META HTTP-EQUIV="Link" Content="<https://xss.example/xss.css>; REL=stylesheet">',
  '<STYLE>BODY{-moz-binding:url("https://xss.example/xssmoz.xml#xss")}</STYLE>',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<p style="background-image: url(javascript:alert(1))">text</p>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv">',
  '<form action="javascript:alert(1)"><button>senden</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)">',
  '<template><img src=x onerror=alert(1)></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<img src="https://ok.example/a.png" alt="x" onload="alert(1)">',
  '<img src="http://insecure.example/a.png">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<a href="https://ok.example/&quot;onmouseover=&quot;alert(1)">x</a>',
  '</p><script>alert(1)</script><p>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '<a href="//xss.example/">klick</a>',
  '<a href="/\\xss.example/">klick</a>',
  '<a href="/\t/xss.example/">klick</a>',
  '<a href="&#47;&#47;xss.example/">klick</a>',
  '<a href="javascript&colon;alert(1)">klick</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">klick</a>',
  '<h1 onclick="alert(1)">Titel</h1>',
  '<pre style="background:url(javascript:alert(1))">code</pre>',
];

/** What the allow-list lets through, and only with these attributes (src/worker/lib/sanitize-html.ts). */
const ALLOWED: Record<string, string[]> = {
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title', 'rel'],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  blockquote: [],
  code: [],
  pre: [],
  img: ['src', 'alt', 'title'],
};

/**
 * Every tag in `html` is allowed, with allowed attributes only; every link leads to http(s), mailto or a path of
 * this site (never `//host` or `/\host`), every image comes from https.
 */
function expectHarmless(html: string, context: string) {
  for (const [, name = '', attributes = ''] of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const tag = name.toLowerCase();
    expect(ALLOWED, `${context}: tag <${tag}> in ${html}`).toHaveProperty(tag);
    for (const [, attribute = '', value = ''] of attributes.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      expect(ALLOWED[tag], `${context}: attribute ${attribute} on <${tag}> in ${html}`).toContain(attribute.toLowerCase());
      if (attribute === 'href') expect(value, `${context}: ${html}`).toMatch(/^(?:https?:\/\/|mailto:|\/(?![/\\]))[^\\]*$/);
      if (attribute === 'src') expect(value, `${context}: ${html}`).toMatch(/^https:\/\//);
      if (attribute === 'rel') expect(value).toBe('noopener noreferrer');
    }
    // A link that leaves the site tells the linked page nothing and gives it no handle on this one.
    if (tag === 'a' && /\shref="(?:https?:|mailto:)/.test(attributes)) {
      expect(attributes, `${context}: ${html}`).toContain(' rel="noopener noreferrer"');
    }
  }
}

/** The article's content as the page renders it: between the excerpt and the end of the article. */
function renderedContent(page: string): string {
  const match = page.match(/<div class="space-y-4 leading-relaxed[^"]*">([\s\S]*?)<\/div><\/article>/);
  if (!match?.[1] && match?.[1] !== '') throw new Error('no article content in the page');
  return match[1];
}

const scriptCount = (page: string) => page.match(/<script\b/gi)?.length ?? 0;

describe(`the blog's sanitiser against ${PAYLOADS.length} known XSS vectors`, () => {
  it('has at least 50 of them', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  it('keeps nothing executable from any of them, stored (create and update) or on the rendered page', async () => {
    const token = await operatorToken();
    const send = (method: string, path: string, content: string, slug: string) =>
      call(path, {
        method,
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Artikel ${slug}`, slug, excerpt: 'Kurz', content, published: true }),
      });
    const benign = await send('POST', '/api/admin/blog', '<p>harmlos</p>', 'harmlos');
    expect(benign.status).toBe(201);
    const scriptsOfAPage = scriptCount(await (await call('/blog/harmlos', { headers: { accept: 'text/html' } })).text());

    for (const [i, payload] of PAYLOADS.entries()) {
      const slug = `xss-${i}`;
      const created = await send('POST', '/api/admin/blog', `<p>vorher</p>${payload}<p>nachher</p>`, slug);
      expect(created.status, payload).toBe(201);
      const stored = await created.json<OperatorBlogPost>();
      expectHarmless(stored.content, `stored on create: ${payload}`);
      expect(stored.content, payload).toContain('<p>nachher</p>');

      const updated = await send('PUT', `/api/admin/blog/${stored.id}`, `${payload}<p>geändert</p>`, slug);
      expectHarmless((await updated.json<OperatorBlogPost>()).content, `stored on update: ${payload}`);

      const page = await (await call(`/blog/${slug}`, { headers: { accept: 'text/html' } })).text();
      expectHarmless(renderedContent(page), `rendered: ${payload}`);
      // Nothing in the article, nor in the page's serialised data, adds or ends a script of the page.
      expect(scriptCount(page), `scripts on the page of ${payload}`).toBe(scriptsOfAPage);
    }
  });

  it('keeps what an article may contain: a first-level heading becomes a second-level one, links to this site keep their path', async () => {
    const token = await operatorToken();
    const content =
      '<h1>Titel</h1><p>Text mit <strong>fett</strong>, <em>kursiv</em> und <a href="https://example.org/weg?a=1">Link</a>.</p><ul><li>eins</li></ul><blockquote>Zitat</blockquote><img src="https://bilder.example/stein.jpg" alt="Stein"><p><a href="mailto:hallo@example.org">Mail</a> und <a href="/stein-vorbereiten">Anleitung</a></p><pre><code>A1B-2C3-D4E</code></pre>';
    const res = await call('/api/admin/blog', {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Erlaubt', excerpt: 'Kurz', content, published: true }),
    });
    expect((await res.json<OperatorBlogPost>()).content).toBe(
      '<h2>Titel</h2><p>Text mit <strong>fett</strong>, <em>kursiv</em> und <a href="https://example.org/weg?a=1" rel="noopener noreferrer">Link</a>.</p><ul><li>eins</li></ul><blockquote>Zitat</blockquote><img src="https://bilder.example/stein.jpg" alt="Stein"><p><a href="mailto:hallo@example.org" rel="noopener noreferrer">Mail</a> und <a href="/stein-vorbereiten">Anleitung</a></p><pre><code>A1B-2C3-D4E</code></pre>',
    );
  });
});
