/*
 * A finder's photo of a find, in the API's JSON (FindView and OwnerFindView in types.ts).
 */

/** A finder's photo: `pending` until the stone's owner decides; `rejected` or `expired` (undecided for FIND_PHOTO_PENDING_DAYS) once its bytes are deleted. */
export type FindPhotoStatus = 'pending' | 'approved' | 'rejected' | 'expired';

/** A finder's photo as the public sees it: only an approved one, at its public address. */
export interface FindPhoto {
  url: string;
}

/** A finder's photo as the stone's owner sees it: through the owner's link (null once rejected), with its state. */
export interface OwnerFindPhoto {
  url: string | null;
  status: FindPhotoStatus;
}
