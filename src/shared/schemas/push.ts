import * as v from 'valibot';
import { frequency } from './notify';

const endpoint = v.pipe(v.string('server.push.invalid'), v.nonEmpty('server.push.invalid'), v.maxLength(1000, 'server.push.invalid'));

/**
 * `POST /api/stones/{code}/push` and `POST /api/collections/{id}/push`: the browser's `PushSubscription` as its
 * `toJSON()` gives it (the endpoint and the keys to encrypt for it), and how often, as a follower by mail chooses.
 */
export const pushSubscriptionSchema = v.object({
  endpoint,
  expirationTime: v.optional(v.nullable(v.number('server.push.invalid'))),
  keys: v.object(
    {
      // The browser's P-256 public key (65 bytes) and its auth secret (16 bytes), base64url.
      p256dh: v.pipe(v.string('server.push.invalid'), v.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'server.push.invalid')),
      auth: v.pipe(v.string('server.push.invalid'), v.regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'server.push.invalid')),
    },
    'server.push.invalid',
  ),
  frequency: v.optional(frequency, 'instant'),
});

/** `DELETE` the same address: the subscription to stop, by its endpoint. */
export const pushStopSchema = v.object({ endpoint });
