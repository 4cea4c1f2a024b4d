import type { FindBody } from './outbox';

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
