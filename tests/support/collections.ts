import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { randomCollectionId } from '../../src/shared/collection';
import type { CollectionView, CreatedCollection, OwnerCollectionView } from '../../src/shared/types';
import { randomToken, sha256Hex } from '../../src/worker/lib/crypto';
import { call, postJson } from './factory';

/** A collection's creation body as the creator's form sends it (the bot check is skipped in the tests' settings). */
export function collectionBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { title: 'Für Oma Lisbeth', creatorEmail: 'lisbeth-family@example.org', count: 3, recaptchaToken: 'token', ...fields };
}

/** Creates a memorial collection through the API. */
export async function createCollection(
  fields: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<CreatedCollection> {
  const res = await postJson('/api/collections', collectionBody(fields), headers);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<CreatedCollection>();
}

export async function readCollection(id: string, headers: Record<string, string> = {}): Promise<CollectionView> {
  const res = await call(`/api/collections/${id}`, { headers });
  expect(res.status).toBe(200);
  return res.json<CollectionView>();
}

export async function readOwnerCollection(adminToken: string): Promise<OwnerCollectionView> {
  const res = await call(`/api/admin/collections/${adminToken}`);
  expect(res.status).toBe(200);
  return res.json<OwnerCollectionView>();
}

/** Rows of a table, for the counts a refused write must leave as they were. */
export async function rowCount(
  table: 'collections' | 'collection_owner_tokens' | 'owner_tokens' | 'stones' | 'email_outbox',
): Promise<number> {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>('n')) ?? 0;
}

/** The site's stone total (site_totals), which a collection's stones count in. */
export async function siteStoneCount(): Promise<number> {
  return (await env.DB.prepare('SELECT stone_count AS n FROM site_totals WHERE id = 1').first<number>('n')) ?? 0;
}

/** A collection written straight into D1 (no stones), with its owner token. */
export async function insertCollection(
  fields: { title?: string; creatorEmail?: string } = {},
): Promise<{ id: string; adminToken: string }> {
  const id = randomCollectionId((bytes) => crypto.getRandomValues(bytes));
  const adminToken = randomToken();
  await env.DB.prepare('INSERT INTO collections (id, title, creator_email, owner_token_hash) VALUES (?, ?, ?, ?)')
    .bind(id, fields.title ?? 'Eingefügte Sammlung', fields.creatorEmail ?? 'fixed-creator@example.org', await sha256Hex(adminToken))
    .run();
  return { id, adminToken };
}
