import { useEffect, useRef, useState } from 'react';
import { MAX_PHOTOS } from '../../../shared/schemas/limits';
import { FormattedMessage, useIntl } from '../../lib/intl-react';

/** `first`: the first photo is often the largest thing on a phone's first screen, so it loads at once and first. */
function Photo({ src, alt, first }: { src: string; alt: string; first: boolean }) {
  const [broken, setBroken] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // An error that happened before hydration fired no React handler: check the element once mounted.
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) setBroken(true);
  }, []);
  if (broken) {
    return (
      <div
        className="flex aspect-square items-center justify-center rounded-xl bg-stone-200 p-2 text-center text-sm text-stone-600"
        role="img"
        aria-label={alt}
      >
        <FormattedMessage id="core.stone.photoUnavailable" />
      </div>
    );
  }
  return (
    <img
      ref={img}
      src={src}
      alt={alt}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      onError={() => setBroken(true)}
      className="aspect-square w-full rounded-xl object-cover"
    />
  );
}

/** Up to MAX_PHOTOS photos; a premium stone without photos yet says so. */
export function PhotoGallery({ photos, hasPhotos, title }: { photos: string[]; hasPhotos: boolean; title: string }) {
  const intl = useIntl();
  if (photos.length === 0) {
    return hasPhotos ? (
      <p className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
        <FormattedMessage id="core.stone.photosPending" />
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby="photos-title">
      <h2 id="photos-title" className="sr-only">
        <FormattedMessage id="core.stone.photos" />
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.slice(0, MAX_PHOTOS).map((src, i) => (
          <li key={src}>
            <Photo src={src} alt={intl.formatMessage({ id: 'core.stone.photoAlt' }, { n: i + 1, title })} first={i === 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}
