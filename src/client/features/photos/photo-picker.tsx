import { type ChangeEvent, useId, useRef, useState } from 'react';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage } from '../../lib/intl-react';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast';
import { type PhotoProblem, preparePhotos } from './prepare-photos';

/** A file left out, said in the screen's own words. */
export type ProblemText = (problem: PhotoProblem) => { title: string; description?: string };

/**
 * The button that opens the device's photos (a hidden file input). What is chosen is prepared for at most `room`
 * more photos (preparePhotos: shrunk, checked); the photos that pass go to `onPrepared`, each one left out is a
 * toast. The button waits while photos are prepared and when there is no room left.
 */
export function PhotoPicker({
  room,
  texts,
  problemText,
  onPrepared,
  onPreparing,
}: {
  room: number;
  /** Message ids of the button, and of the button while it prepares. */
  texts: { choose: MessageId; preparing: MessageId };
  problemText: ProblemText;
  onPrepared: (photos: File[]) => void;
  /** For a screen whose other controls wait too while photos are prepared. */
  onPreparing?: (preparing: boolean) => void;
}) {
  const toast = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const busy = (value: boolean) => {
    setPreparing(value);
    onPreparing?.(value);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    busy(true);
    try {
      const { photos, problems } = await preparePhotos(chosen, room);
      onPrepared(photos);
      for (const problem of problems) toast({ ...problemText(problem), variant: 'error' });
    } finally {
      busy(false);
    }
  };

  return (
    <>
      <input ref={input} id={id} type="file" accept="image/*" multiple className="sr-only" onChange={(event) => void choose(event)} />
      <Button type="button" variant="secondary" disabled={preparing || room <= 0} onClick={() => input.current?.click()}>
        <FormattedMessage id={preparing ? texts.preparing : texts.choose} />
      </Button>
    </>
  );
}
