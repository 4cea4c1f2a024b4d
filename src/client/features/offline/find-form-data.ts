/** A find as the find form sends it (the body of `POST /api/stones/{code}/finds`). */
export interface FindBody {
  location: string;
  latitude: number | null;
  longitude: number | null;
  comment: string;
  finderEmail?: string | undefined;
  /** "I'll keep it for a while" (absent in finds kept by an older version of the page). */
  keep?: boolean;
  /** The place's country as the geocoder named it, or null. */
  countryCode?: string | null;
}

/**
 * A find with its photo as `multipart/form-data`: the same fields as the JSON find, as text (the server reads them
 * with the same schema), and the photo. Used by the find form and by the sender of kept finds alike.
 */
export function findFormData(body: FindBody, photo: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) if (value !== null && value !== undefined) form.set(name, String(value));
  form.set('photo', photo, photo instanceof File ? photo.name : 'photo.jpg');
  return form;
}
