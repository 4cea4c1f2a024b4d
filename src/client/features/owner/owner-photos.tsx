import { useState } from 'react';
import { ownerPhotosAddress } from '../../../shared/api-routes';
import { MAX_PHOTOS } from '../../../shared/schemas/limits';
import type { OwnerStoneView } from '../../../shared/types';
import { api, apiErrorMessage } from '../../lib/api';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';
import { PhotoPicker } from '../photos/photo-picker';
import type { PhotoProblem } from '../photos/prepare-photos';

function OwnerPhoto({ src, n, onDelete, deleting }: { src: string; n: number; onDelete: () => void; deleting: boolean }) {
  const intl = useIntl();
  const [broken, setBroken] = useState(false);
  return (
    <li className="group relative aspect-square overflow-hidden rounded-xl bg-stone-200">
      {broken ? (
        <div
          className="flex size-full items-center justify-center p-2 text-center text-sm text-stone-600"
          role="img"
          aria-label={intl.formatMessage({ id: 'core.stone.photoUnavailable' })}
        >
          <FormattedMessage id="core.stone.photoUnavailable" />
        </div>
      ) : (
        <img src={src} alt="" loading="lazy" onError={() => setBroken(true)} className="size-full object-cover" />
      )}
      {/* Visible on hover and keyboard focus; always on touch screens, where there is no hover. */}
      <button
        type="button"
        onClick={onDelete}
        disabled={deleting}
        aria-label={intl.formatMessage({ id: 'owner.photos.delete' }, { n })}
        className="absolute right-2 top-2 rounded-full bg-white/95 px-2.5 py-1 text-sm font-semibold text-red-700 shadow transition-opacity hover:bg-red-50 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-amber-600 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100"
      >
        ✕
      </button>
    </li>
  );
}

/** "Fotos verwalten (n/5)": the grid with delete, and new photos (shrunk in the browser) while there is room. */
export function OwnerPhotos({ token, stone, onChanged }: { token: string; stone: OwnerStoneView; onChanged: (photos: string[]) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const [pending, setPending] = useState<File[]>([]);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const room = MAX_PHOTOS - stone.photos.length - pending.length;

  const remove = useMutation({
    mutationFn: (photoUrl: string) => api(ownerPhotosAddress(token), { method: 'DELETE', json: { photoUrl } }),
    onSuccess: ({ photos }) => {
      onChanged(photos);
      toast({ title: t('owner.photos.deleted') });
    },
    onError: () => toast({ title: t('owner.photos.deleteFailed'), variant: 'error' }),
  });

  const upload = useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('photo', file);
      return api(ownerPhotosAddress(token), { method: 'POST', body: form });
    },
    onSuccess: ({ photos }) => {
      onChanged(photos);
      // The selection is kept until it is uploaded, then cleared.
      setPending([]);
      toast({ title: t('owner.photos.uploaded') });
    },
    onError: (error) =>
      toast({ title: t('owner.photos.uploadFailed'), description: apiErrorMessage(error) ?? undefined, variant: 'error' }),
  });

  const problemText = (problem: PhotoProblem) =>
    problem.kind === 'too-many'
      ? { title: t('owner.photos.tooMany'), description: t('owner.photos.tooManyText', { count: problem.room }) }
      : problem.kind === 'type'
        ? { title: t('owner.photos.invalidType'), description: t('owner.photos.invalidTypeText', { file: problem.file }) }
        : { title: t('owner.photos.tooLarge'), description: t('owner.photos.tooLargeText', { file: problem.file }) };

  return (
    <TitledCard
      id="owner-photos-title"
      title={<FormattedMessage id="owner.photos.title" values={{ count: stone.photos.length, max: MAX_PHOTOS }} />}
    >
      {stone.photos.length ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="owner-photos">
          {stone.photos.map((src, i) => (
            <OwnerPhoto
              key={src}
              src={src}
              n={i + 1}
              deleting={remove.isPending}
              onDelete={() => {
                if (window.confirm(t('owner.photos.confirmDelete'))) remove.mutate(src);
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-stone-600">
          <FormattedMessage id="owner.photos.none" />
        </p>
      )}
      {stone.photos.length < MAX_PHOTOS ? (
        <div className="mt-6 space-y-3 border-t border-stone-200 pt-4">
          <h3 className="font-semibold">
            <FormattedMessage id="owner.photos.add" />
          </h3>
          <div className="flex flex-wrap items-center gap-3">
            <PhotoPicker
              room={room}
              texts={{ choose: 'owner.photos.choose', preparing: 'owner.photos.preparing' }}
              problemText={problemText}
              onPrepared={(photos) => setPending((current) => [...current, ...photos])}
            />
            {pending.length ? (
              <Button type="button" disabled={upload.isPending} onClick={() => upload.mutate(pending)}>
                <FormattedMessage
                  id={upload.isPending ? 'owner.photos.uploading' : 'owner.photos.upload'}
                  values={{ count: pending.length }}
                />
              </Button>
            ) : null}
          </div>
          {pending.length ? (
            <p className="text-sm text-stone-600" aria-live="polite">
              <FormattedMessage id="owner.photos.pending" values={{ count: pending.length }} />
            </p>
          ) : null}
        </div>
      ) : null}
    </TitledCard>
  );
}
