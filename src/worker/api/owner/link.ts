import { Hono } from 'hono';
import * as v from 'valibot';
import { type Locale, ownerLocale } from '../../../shared/i18n/locale';
import { email } from '../../../shared/schemas/common';
import { type Db, getDb } from '../../db/client';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readJsonObject } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import { insertOwnerLinkMail } from '../../mail/queries';
import type { AppEnv } from '../../types';
import { collectionIdParam } from '../collections/params';
import { codeParam } from '../stones/params';
import { insertCollectionOwnerLinkMail } from './collection/queries';

const ownerLinkSchema = v.object({ email });

/**
 * "Send me my owner link": owners lose links. A new owner link goes by mail to the creator's address, and only
 * there; the answer is the same 202 whoever asks with whatever address, so it tells nobody whether the address
 * fits. Earlier links keep working: knowing the address and the code takes nothing away.
 */
function ownerLinkRoute(of: {
  /** The rate limit's bucket, per stone or collection. */
  limit: string;
  /** The path's parameter that names the stone or collection, and how it is read. */
  param: 'code' | 'id';
  parse: (value: string | undefined) => string;
  /** Writes the mail when the address is the creator's (nothing otherwise). */
  mail: (db: Db, key: string, email: string, locale: Locale) => Promise<{ id: string }[]>;
}) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const key = of.parse(c.req.param(of.param));
    await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `${of.limit}:${key}` }, { name: 'clientWrites' }]);
    const input = parseInput(ownerLinkSchema, await readJsonObject(c.req.raw));
    const written = await of.mail(getDb(c.env.DB), key, input.email, ownerLocale(c.get('locale')));
    c.executionCtx.waitUntil(
      queueMails(
        c.env.EMAIL_QUEUE,
        written.map((row) => row.id),
      ),
    );
    return c.json({ accepted: true }, 202);
  });
}

/** `POST /api/stones/{code}/owner-link`: a stone's new owner link, to its creator. */
export const ownerLink = ownerLinkRoute({ limit: 'owner-link', param: 'code', parse: codeParam, mail: insertOwnerLinkMail });

/** `POST /api/collections/{id}/owner-link`: a memorial collection's new owner link, to its creator. */
export const collectionOwnerLink = ownerLinkRoute({
  limit: 'collection-owner-link',
  param: 'id',
  parse: collectionIdParam,
  mail: insertCollectionOwnerLinkMail,
});
