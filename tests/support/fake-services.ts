import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Fakes of the outside services on 127.0.0.1, so the real adapters are tested over HTTP.
 * reCAPTCHA siteverify: the token decides the answer ("human" → 0.9, "bot" → 0.1, "wrong-action", else invalid).
 */
function recaptcha(body: string, res: ServerResponse) {
  const form = new URLSearchParams(body);
  const token = form.get('response');
  const reply = (payload: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  if (form.get('secret') !== 'test-recaptcha-secret') return reply({ success: false, 'error-codes': ['invalid-input-secret'] });
  if (token === 'human') return reply({ success: true, score: 0.9, action: 'create_stone' });
  if (token === 'bot') return reply({ success: true, score: 0.1, action: 'create_stone' });
  if (token === 'human-collection') return reply({ success: true, score: 0.9, action: 'create_collection' });
  if (token === 'wrong-action') return reply({ success: true, score: 0.9, action: 'login' });
  if (token === 'server-error') {
    res.writeHead(500);
    return res.end('oops');
  }
  return reply({ success: false, 'error-codes': ['invalid-input-response'] });
}

/**
 * Resend's send-email API: checks the key, remembers every accepted mail (GET /resend/emails lists them) and
 * fails on purpose for some recipients: "fail-twice…" gets 500 on the first two attempts of each
 * Idempotency-Key, "rejected…" always 422 (a lasting refusal).
 */
const resendMails: Array<Record<string, unknown>> = [];
const resendAttempts = new Map<string, number>();

function resend(req: IncomingMessage, body: string, res: ServerResponse) {
  const reply = (status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  if (req.method === 'GET') return reply(200, { data: resendMails });
  if (req.headers.authorization !== 'Bearer test-resend-key') return reply(401, { message: 'API key is invalid' });
  const mail = JSON.parse(body) as { to: string[] };
  const key = String(req.headers['idempotency-key'] ?? '');
  const attempt = (resendAttempts.get(key) ?? 0) + 1;
  resendAttempts.set(key, attempt);
  const to = mail.to[0] ?? '';
  if (to.startsWith('rejected')) return reply(422, { message: 'The to address is invalid' });
  if (to.startsWith('fail-twice') && attempt <= 2) return reply(500, { message: 'try again' });
  resendMails.push({ ...mail, idempotencyKey: key, attempt });
  return reply(200, { id: `re_${resendMails.length}` });
}

/**
 * Stripe's REST API as far as the app uses it, for the real SDK to talk to: PaymentIntents (create with
 * idempotency, retrieve), promotion codes (list by code, retrieve) with coupons, and two controls for the tests:
 * POST /fake-stripe/pay/{id} marks an intent succeeded (the buyer paid), POST /fake-stripe/set/{id} changes it.
 */
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const coupon = (id: string, fields: Record<string, unknown>) => ({
  id,
  object: 'coupon',
  valid: true,
  percent_off: null,
  amount_off: null,
  currency: null,
  redeem_by: null,
  max_redemptions: null,
  times_redeemed: 0,
  duration: 'once',
  ...fields,
});
const promotions = [
  { id: 'promo_ten', code: 'ZEHN', coupon: coupon('co_ten', { percent_off: 10 }) },
  { id: 'promo_fiveoff', code: 'FUENF', coupon: coupon('co_five', { amount_off: 500, currency: 'eur' }) },
  { id: 'promo_free', code: 'GRATIS', coupon: coupon('co_free', { percent_off: 100 }) },
  { id: 'promo_expired', code: 'ABGELAUFEN', coupon: coupon('co_exp', { percent_off: 50 }), expires_at: now() - DAY },
  { id: 'promo_usedup', code: 'VERBRAUCHT', coupon: coupon('co_used', { percent_off: 50 }), max_redemptions: 1, times_redeemed: 1 },
  { id: 'promo_usd', code: 'DOLLAR', coupon: coupon('co_usd', { amount_off: 500, currency: 'usd' }) },
  { id: 'promo_inactive', code: 'AUS', coupon: coupon('co_off', { percent_off: 50 }), active: false },
].map((p) => ({
  object: 'promotion_code',
  active: true,
  expires_at: null,
  max_redemptions: null,
  times_redeemed: 0,
  restrictions: { minimum_amount: null, minimum_amount_currency: null, first_time_transaction: false },
  ...p,
  promotion: { type: 'coupon', coupon: p.coupon },
}));
const intents = new Map<string, Record<string, unknown>>();
const intentsByKey = new Map<string, string>();

function stripe(req: IncomingMessage, body: string, res: ServerResponse) {
  const reply = (status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
    res.end(JSON.stringify(payload));
  };
  const missing = (what: string) =>
    reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
  const url = new URL(req.url ?? '/', 'http://fake');
  const control = url.pathname.match(/^\/fake-stripe\/(pay|set)\/([\w]+)$/);
  if (control?.[2]) {
    const intent = intents.get(control[2]);
    if (!intent) return missing('payment_intent');
    Object.assign(intent, control[1] === 'pay' ? { status: 'succeeded' } : JSON.parse(body || '{}'));
    return reply(200, intent);
  }
  if (req.headers.authorization !== 'Bearer sk_test_fake')
    return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
  if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
    const key = String(req.headers['idempotency-key'] ?? '');
    const known = intentsByKey.get(key);
    if (known) return reply(200, intents.get(known));
    const form = new URLSearchParams(body);
    const metadata = Object.fromEntries(
      [...form.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
    );
    const id = `pi_fake${intents.size + 1}${Math.random().toString(36).slice(2, 8)}`;
    const intent = {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency'),
      description: form.get('description'),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_fake`,
      metadata,
    };
    intents.set(id, intent);
    if (key) intentsByKey.set(key, id);
    return reply(200, intent);
  }
  const intentPath = url.pathname.match(/^\/v1\/payment_intents\/([\w]+)$/);
  if (req.method === 'GET' && intentPath?.[1])
    return intents.has(intentPath[1]) ? reply(200, intents.get(intentPath[1])) : missing('payment_intent');
  if (req.method === 'GET' && url.pathname === '/v1/promotion_codes') {
    const code = (url.searchParams.get('code') ?? '').toUpperCase();
    return reply(200, { object: 'list', data: promotions.filter((p) => p.code === code), has_more: false, url: '/v1/promotion_codes' });
  }
  const promoPath = url.pathname.match(/^\/v1\/promotion_codes\/([\w]+)$/);
  if (req.method === 'GET' && promoPath?.[1]) {
    const promotion = promotions.find((p) => p.id === promoPath[1]);
    return promotion ? reply(200, promotion) : missing('promotion_code');
  }
  return missing(url.pathname);
}

/**
 * A Nominatim-compatible geocoder (`/nominatim/search`, `/nominatim/reverse`): knows a few places, answers 500 to
 * the query "kaputt", and counts the requests it got per User-Agent (GET /nominatim/requests) so tests can see
 * what was cached.
 */
const PLACES = [
  {
    query: 'brandenburger tor',
    lat: '52.5162746',
    lon: '13.3777041',
    display_name: 'Brandenburger Tor, Pariser Platz, Berlin, 10117, Deutschland',
    address: { city: 'Berlin', country: 'Deutschland', country_code: 'de' },
  },
  {
    query: 'marienplatz münchen',
    lat: '48.1373932',
    lon: '11.5754485',
    display_name: 'Marienplatz, Altstadt, München, Bayern, 80331, Deutschland',
    address: { city: 'München', country: 'Deutschland', country_code: 'de' },
  },
  {
    // A house: the display name has the number, the street and the postcode; the parts say which is which.
    query: 'kaiser-joseph-straße 167, freiburg',
    lat: '47.9949367',
    lon: '7.8495722',
    display_name: '167, Kaiser-Joseph-Straße, Altstadt, Freiburg im Breisgau, Baden-Württemberg, 79098, Deutschland',
    address: {
      house_number: '167',
      road: 'Kaiser-Joseph-Straße',
      suburb: 'Altstadt',
      city: 'Freiburg im Breisgau',
      state: 'Baden-Württemberg',
      postcode: '79098',
      country: 'Deutschland',
      country_code: 'de',
    },
  },
  {
    query: 'big ben',
    lat: '51.5007292',
    lon: '-0.1246254',
    display_name: 'Big Ben, Westminster, London, SW1A 0AA, United Kingdom',
    address: { city: 'London', country: 'United Kingdom', country_code: 'gb' },
  },
];
const geocoderRequests: string[] = [];

function nominatim(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fake');
  const reply = (status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  if (url.pathname === '/nominatim/requests') return reply(200, geocoderRequests);
  geocoderRequests.push(`${url.pathname}?${url.searchParams} UA=${req.headers['user-agent']}`);
  if (url.pathname === '/nominatim/search') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    if (q === 'kaputt') return reply(500, { error: 'down' });
    if (url.searchParams.get('format') !== 'jsonv2' || url.searchParams.get('limit') !== '1') return reply(400, { error: 'bad request' });
    // Like Nominatim: the address parts (with the country code) only when asked for with addressdetails=1.
    const details = url.searchParams.get('addressdetails') === '1';
    return reply(
      200,
      PLACES.filter((place) => place.query === q).map(({ query: _, address, ...place }) => (details ? { ...place, address } : place)),
    );
  }
  if (url.pathname === '/nominatim/reverse') {
    const lat = Number(url.searchParams.get('lat'));
    const lon = Number(url.searchParams.get('lon'));
    // Freiburg: like Nominatim, zoom 14 answers the suburb (with its postcode in the display name), zoom 10 the city.
    if (lat > 47.9 && lat < 48.1 && lon > 7.7 && lon < 8) {
      const country = url.searchParams.get('accept-language') === 'en' ? 'Germany' : 'Deutschland';
      const city = { city: 'Freiburg im Breisgau', state: 'Baden-Württemberg', country, country_code: 'de' };
      return url.searchParams.get('zoom') === '14'
        ? reply(200, {
            display_name: `Altstadt, Freiburg im Breisgau, Baden-Württemberg, 79098, ${country}`,
            address: { suburb: 'Altstadt', ...city, postcode: '79098' },
          })
        : reply(200, { display_name: `Freiburg im Breisgau, Baden-Württemberg, ${country}`, address: city });
    }
    if (lat > 53 && lat < 54) {
      const english = url.searchParams.get('accept-language') === 'en';
      const details = url.searchParams.get('addressdetails') === '1';
      return reply(200, {
        display_name: 'Hamburg, Deutschland',
        address: { city: 'Hamburg', country: english ? 'Germany' : 'Deutschland', ...(details ? { country_code: 'de' } : {}) },
      });
    }
    return reply(200, { error: 'Unable to geocode' });
  }
  return reply(404, { error: 'not found' });
}

/** Starts the fakes on a free port of 127.0.0.1 (the Vitest and the browser-test setups both use it). */
export async function startFakeServices(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/recaptcha/api/siteverify') return recaptcha(body, res);
      if (req.url === '/resend/emails') return resend(req, body, res);
      if (req.url?.startsWith('/v1/') || req.url?.startsWith('/fake-stripe/')) return stripe(req, body, res);
      if (req.url?.startsWith('/nominatim/')) return nominatim(req, res);
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The test run ends when its work does, not when this server would.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
