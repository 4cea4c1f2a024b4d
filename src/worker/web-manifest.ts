import { Hono } from 'hono';
import { text } from './lib/i18n';
import type { AppEnv } from './types';

/** The colours of the installed app: the page's theme colour (document.tsx) and its background. */
export const THEME_COLOR = '#292524';
const BACKGROUND_COLOR = '#fafaf9';

/**
 * `/manifest.webmanifest`: what makes the site an installable app (name, icons, start page, standalone window),
 * in the request's language. https://developer.mozilla.org/docs/Web/Progressive_web_apps/Manifest
 */
export const webManifest = new Hono<AppEnv>().get('/manifest.webmanifest', (c) => {
  const locale = c.get('locale');
  const name = c.env.PRODUCT_NAME;
  const manifest = {
    id: '/',
    name,
    short_name: name,
    description: text(locale, 'core.app.tagline'),
    lang: locale,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return c.body(JSON.stringify(manifest), 200, {
    'Content-Type': 'application/manifest+json; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
  });
});
