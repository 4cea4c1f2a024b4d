import { type FormEvent, useState } from 'react';
import { ownerCollectionStonesAddress } from '../../../shared/api-routes';
import { MAX_COLLECTION_STONES } from '../../../shared/schemas/limits';
import { api, apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';
import { StoneTitlesField, titlesFrom } from '../collection/stone-titles';

/** More stones for the set, up to what is left of MAX_COLLECTION_STONES; then the owner view is read again. */
export function AddStones({ token, stoneCount, onAdded }: { token: string; stoneCount: number; onAdded: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const left = Math.max(0, MAX_COLLECTION_STONES - stoneCount);
  const [count, setCount] = useState('1');
  const [titles, setTitles] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: { count: number; titles?: string[] }) => api(ownerCollectionStonesAddress(token), { method: 'POST', json: body }),
    onSuccess: ({ stones }) => {
      toast({ title: intl.formatMessage({ id: 'collection.add.done' }, { count: stones.length }) });
      setCount('1');
      setTitles('');
      onAdded();
    },
    onError: (failure) =>
      toast({ title: apiErrorMessage(failure) ?? intl.formatMessage({ id: 'collection.add.failed' }), variant: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > left) {
      setError(intl.formatMessage({ id: 'collection.count.invalid' }, { max: left }));
      return;
    }
    setError(null);
    const named = titlesFrom(titles, n);
    add.mutate({ count: n, ...(named ? { titles: named } : {}) });
  };
  return (
    <TitledCard id="collection-add-title" title={<FormattedMessage id="collection.add.title" />}>
      {left === 0 ? (
        <p className="mt-2 text-sm text-stone-600">
          <FormattedMessage id="collection.add.full" values={{ max: MAX_COLLECTION_STONES }} />
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-3 space-y-3">
          <TextField
            label={intl.formatMessage({ id: 'collection.field.count' })}
            hint={intl.formatMessage({ id: 'collection.add.left' }, { left })}
            name="count"
            type="number"
            inputMode="numeric"
            min={1}
            max={left}
            value={count}
            onChange={(event) => setCount(event.target.value)}
            error={error}
          />
          <StoneTitlesField
            label={intl.formatMessage({ id: 'collection.field.titles' })}
            hint={intl.formatMessage({ id: 'collection.field.titlesHint' })}
            value={titles}
            onValue={setTitles}
          />
          <Button type="submit" disabled={add.isPending}>
            <FormattedMessage id={add.isPending ? 'collection.add.adding' : 'collection.add.submit'} />
          </Button>
        </form>
      )}
    </TitledCard>
  );
}
