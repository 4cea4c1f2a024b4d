import type { CollectionCard, StoneCard } from '../content';
import { cardAssets } from './assets';
import { renderCollectionCard, renderStoneCard } from './card';

/** The renderer with the Worker's own fonts and land: what the share job imports dynamically (job.ts). */
export const stonePng = (card: StoneCard, photoBytes: { bytes: Uint8Array; contentType: string } | null) =>
  renderStoneCard({ ...card, photoBytes }, cardAssets());

export const collectionPng = (card: CollectionCard) => renderCollectionCard(card, cardAssets());
