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

/** One code's result in `POST /api/finds` (several stones found at one place, answered 207). */
export interface ManyFindsResult {
  /** The code as the stone has it (as sent, where it is no code). */
  code: string;
  /**
   * As if logged alone: 201 stored (200: the device sent this key for the stone before), 202 stored but flagged as
   * implausible (it waits for the owner: `error` says so), or the refusal's status (404 unknown code, 429 too many).
   */
  status: number;
  find?: FindView;
  totalDistance?: number;
  formattedDistance?: string;
  /** The one error shape's object, for a refused code or a flagged find. */
  error?: { code: string; message: string; details?: Record<string, string> };
}

/** The answer to `POST /api/finds`: one result per code, in the order sent (a code sent twice once). */
export interface ManyFindsAnswer {
  results: ManyFindsResult[];
}
