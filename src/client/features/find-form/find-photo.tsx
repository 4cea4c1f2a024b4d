import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { MAX_PENDING_FIND_PHOTOS } from '../../../shared/schemas/limits';
import { useHydrated } from '../../lib/hydrated';
import type { AppIntl } from '../../lib/intl';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast';
import { preparePhotos } from '../photos/prepare-photos';

// The find form sends a find with a photo as a form: loaded with this part, so never in the page's first JavaScript.
export { findFormData } from '../offline/find-form-data';

/**
 * The find was logged, its photo not: the stone has MAX_PENDING_FIND_PHOTOS photos waiting for its owner. Said
 * from here, with this part's texts, so the page's first JavaScript carries no word of it; the form's outcome then
 * tells it to say nothing more.
 */
export function announcePhotoRefused(toast: ReturnType<typeof useToast>, intl: AppIntl) {
  toast({
    title: intl.formatMessage({ id: 'find-photo.refused.title' }),
    description: intl.formatMessage({ id: 'find-photo.refused.pendingLimit' }, { count: MAX_PENDING_FIND_PHOTOS }),
  });
  return 'photo-refused' as const;
}

interface FindPhotoProps {
  photo: File | null;
  onPhoto: (photo: File | null) => void;
}

/**
 * The find's one optional photo: the device offers its camera or its gallery (no `capture`, so phones ask which),
 * the photo is shrunk and encoded again as the creator's are (which leaves its location data behind), shown, and
 * can be removed again. Loaded after the stone page's first JavaScript (lazyPart), with its own texts.
 */
export default function FindPhoto(props: FindPhotoProps) {
  return <PhotoField {...props} />;
}

function PhotoField({ photo, onPhoto }: FindPhotoProps) {
  const intl = useIntl();
  const toast = useToast();
  const id = useId();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []).slice(0, 1);
    event.target.value = '';
    if (chosen.length === 0) return;
    setPreparing(true);
    try {
      const { photos, problems } = await preparePhotos(chosen, 1);
      for (const problem of problems) {
        const file = problem.kind === 'too-many' ? '' : problem.file;
        toast({
          title: intl.formatMessage({ id: problem.kind === 'size' ? 'find-photo.tooLarge' : 'find-photo.notImage' }, { file }),
          variant: 'error',
        });
      }
      if (photos[0]) onPhoto(photos[0]);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="space-y-2" data-testid="find-photo">
      <p id={`${id}-label`} className="text-sm font-medium text-stone-800">
        <FormattedMessage id="find-photo.label" />
      </p>
      {photo && preview ? (
        <div className="flex items-center gap-3">
          <img
            src={preview}
            alt={intl.formatMessage({ id: 'find-photo.preview' })}
            width={96}
            height={96}
            className="h-24 w-24 rounded-lg border border-stone-200 object-cover"
          />
          <Button variant="secondary" onClick={() => onPhoto(null)}>
            <FormattedMessage id="find-photo.remove" />
          </Button>
        </div>
      ) : (
        <>
          {/* The button opens it; the input itself is no second stop for the keyboard. */}
          <input
            ref={input}
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-labelledby={`${id}-label`}
            className="sr-only"
            onChange={(event) => void choose(event)}
          />
          <Button
            variant="secondary"
            disabled={preparing || !hydrated}
            aria-describedby={`${id}-hint`}
            onClick={() => input.current?.click()}
          >
            <FormattedMessage id={preparing ? 'find-photo.preparing' : 'find-photo.choose'} />
          </Button>
        </>
      )}
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        <FormattedMessage id="find-photo.hint" />
      </p>
    </div>
  );
}
