import type { FindView } from './types';

/** Why a find was stored without the photo it brought: its stone has MAX_PENDING_FIND_PHOTOS waiting for the owner. */
export type PhotoRefusal = 'PENDING_LIMIT';

/** The answer to `POST /api/stones/{code}/finds`. */
export interface FindAnswer {
  find: FindView;
  totalDistance: number;
  formattedDistance: string;
  /** The find was stored, its photo not, and why (absent when there was no photo or it was stored). */
  photoRefused?: PhotoRefusal;
}
