import { type FormEvent, useState } from 'react';
import { ownerCollectionAddress } from '../../../shared/api-routes';
import { MAX_DEDICATION_LENGTH, MAX_TITLE_LENGTH } from '../../../shared/schemas/limits';
import type { OwnerCollectionView } from '../../../shared/types';
import { api, apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DescriptionRow } from '../../ui/description-row';
import { TextArea, TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';

/** The collection's title and dedication, to read and to edit. */
export function CollectionDetails({
  token,
  collection,
  onSaved,
}: {
  token: string;
  collection: OwnerCollectionView;
  onSaved: (next: OwnerCollectionView) => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(collection.title);
  const [dedication, setDedication] = useState(collection.dedication ?? '');
  const save = useMutation({
    mutationFn: (body: { title: string; dedication: string }) => api(ownerCollectionAddress(token), { method: 'PATCH', json: body }),
    onSuccess: (next) => {
      onSaved(next);
      setEditing(false);
      toast({ title: intl.formatMessage({ id: 'collection.owner.saved' }) });
    },
    onError: (error) =>
      toast({ title: apiErrorMessage(error) ?? intl.formatMessage({ id: 'collection.owner.saveFailed' }), variant: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ title: title.trim(), dedication: dedication.trim() });
  };
  const tooLong = dedication.length > MAX_DEDICATION_LENGTH;
  return (
    <Card aria-labelledby="collection-details-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="collection-details-title" className="text-lg font-semibold">
          <FormattedMessage id="collection.owner.details" />
        </h2>
        {editing ? null : (
          <Button
            variant="secondary"
            onClick={() => {
              setTitle(collection.title);
              setDedication(collection.dedication ?? '');
              setEditing(true);
            }}
          >
            <FormattedMessage id="collection.owner.edit" />
          </Button>
        )}
      </div>
      {editing ? (
        <form onSubmit={submit} className="mt-4 space-y-4">
          <TextField
            label={intl.formatMessage({ id: 'collection.field.title' })}
            name="title"
            value={title}
            maxLength={MAX_TITLE_LENGTH}
            required
            onChange={(event) => setTitle(event.target.value)}
          />
          <div>
            <TextArea
              label={intl.formatMessage({ id: 'collection.field.dedication' })}
              name="dedication"
              value={dedication}
              rows={4}
              onChange={(event) => setDedication(event.target.value)}
            />
            <p className={`text-right text-xs ${tooLong ? 'text-red-700' : 'text-stone-500'}`} aria-live="polite">
              <FormattedMessage id="collection.counter" values={{ count: dedication.length, max: MAX_DEDICATION_LENGTH }} />
            </p>
          </div>
          <div className="flex gap-3">
            <Button type="submit" disabled={save.isPending || !title.trim() || tooLong}>
              <FormattedMessage id={save.isPending ? 'collection.owner.saving' : 'collection.owner.save'} />
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              <FormattedMessage id="collection.owner.cancel" />
            </Button>
          </div>
        </form>
      ) : (
        <dl className="mt-4 space-y-3">
          <DescriptionRow term="collection.field.title" testId="collection-owner-title">
            {collection.title}
          </DescriptionRow>
          <DescriptionRow term="collection.field.dedication" valueClassName="whitespace-pre-line break-words">
            {collection.dedication || <FormattedMessage id="collection.owner.noDedication" />}
          </DescriptionRow>
        </dl>
      )}
    </Card>
  );
}
