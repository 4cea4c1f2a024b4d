import { Hono } from 'hono';
import { isDevelopment } from '../settings/public';
import type { AppEnv } from '../types';
import { type DevMail, listDevMail } from './transport';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

function mailHtml(mail: DevMail): string {
  const headers = Object.entries(mail.headers)
    .map(
      ([name, value]) =>
        `<tr><th style="text-align:left;padding-right:12px;vertical-align:top">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<article style="border:1px solid #d6d3d1;border-radius:12px;margin:16px 0;padding:16px;background:#fff">
<h2 style="margin:0 0 4px;font-size:18px">${escapeHtml(mail.subject)}</h2>
<p style="margin:0 0 12px;color:#57534e">to ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)} · id ${escapeHtml(mail.id)}</p>
<details><summary>Headers</summary><table style="font-size:13px">${headers}</table></details>
<details open><summary>Text</summary><pre style="white-space:pre-wrap;font-size:14px">${escapeHtml(mail.text)}</pre></details>
<details><summary>HTML</summary><iframe sandbox title="${escapeHtml(mail.subject)}" srcdoc="${escapeHtml(mail.html)}" style="width:100%;height:520px;border:1px solid #e7e5e4"></iframe></details>
</article>`;
}

/**
 * What the development transport kept, for whoever runs `npm run dev` (/dev/mail) and for programs and tests
 * (/dev/mail.json), newest first. Only in development: anywhere else these addresses are unknown pages.
 */
export const devMail = new Hono<AppEnv>()
  .get('/mail.json', async (c, next) => {
    if (!isDevelopment(c.env)) return next();
    return c.json({ messages: await listDevMail(c.env.CACHE) }, 200, { 'Cache-Control': 'no-store' });
  })
  .get('/mail', async (c, next) => {
    if (!isDevelopment(c.env)) return next();
    const mails = await listDevMail(c.env.CACHE);
    const body = mails.length ? mails.map(mailHtml).join('') : '<p>No mail yet. Create a stone or log a find, then reload.</p>';
    return c.html(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Development mail (${mails.length})</title></head><body style="font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;background:#fafaf9;color:#1c1917"><h1>Development mail</h1><p>Every mail the app sent while <code>ENVIRONMENT</code> is development, newest first (also as <a href="/dev/mail.json">/dev/mail.json</a>).</p>${body}</body></html>`,
      200,
      { 'Cache-Control': 'no-store' },
    );
  });
