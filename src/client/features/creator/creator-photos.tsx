import type { Dispatch, SetStateAction } from 'react';
import { MAX_PHOTOS } from '../../../shared/schemas/limits';
import { FormattedMessage } from '../../lib/intl-react';
import { PhotoPicker } from '../photos/photo-picker';
import type { PhotoProblem } from '../photos/prepare-photos';
import type { Draft, Errors, Translate } from './wizard';

/**
 * The photos of a stone with the photos feature, chosen and prepared in the browser before the order: the list
 * of chosen files, each removable, and the step's photo problem.
 */
export function CreatorPhotos({
  photos,
  setDraft,
  error,
  setErrors,
  onPreparing,
  t,
}: {
  photos: File[];
  setDraft: Dispatch<SetStateAction<Draft>>;
  error?: string;
  setErrors: Dispatch<SetStateAction<Errors>>;
  onPreparing: (preparing: boolean) => void;
  t: Translate;
}) {
  const problemText = (problem: PhotoProblem) =>
    problem.kind === 'too-many'
      ? { title: t('creation.photos.maximum') }
      : {
          title: t(problem.kind === 'type' ? 'creation.photos.invalidType' : 'creation.photos.tooLarge'),
          description: t(problem.kind === 'type' ? 'creation.photos.invalidTypeText' : 'creation.photos.tooLargeText', {
            file: problem.file,
          }),
        };
  const add = (ready: File[]) => {
    setDraft((draft) => ({ ...draft, photos: [...draft.photos, ...ready].slice(0, MAX_PHOTOS) }));
    if (ready.length) setErrors((e) => ({ ...e, photos: undefined }));
  };
  return (
    <div className="space-y-2 rounded-lg bg-stone-50 p-3">
      <PhotoPicker
        room={MAX_PHOTOS - photos.length}
        texts={{ choose: 'creation.creator.choosePhotos', preparing: 'creation.creator.preparing' }}
        problemText={problemText}
        onPrepared={add}
        onPreparing={onPreparing}
      />
      <p className="text-sm text-stone-600" aria-live="polite">
        <FormattedMessage id="creation.creator.photosChosen" values={{ count: photos.length }} />
      </p>
      {photos.length ? (
        <ul className="space-y-1 text-sm">
          {photos.map((photo, i) => (
            <li key={`${photo.name}-${photo.size}-${photo.lastModified}`} className="flex items-center justify-between gap-2">
              <span className="truncate">{photo.name}</span>
              <button
                type="button"
                className="rounded px-2 text-red-700 hover:bg-red-50"
                aria-label={t('creation.creator.removePhoto', { name: photo.name })}
                onClick={() => setDraft((draft) => ({ ...draft, photos: draft.photos.filter((_, j) => j !== i) }))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
