import { type FormEvent, type ReactNode, useState } from 'react';
import { type OperatorStoneAddress, operatorFindAddress, operatorPhotosAddress, operatorStoneAddress } from '../../../shared/api-routes';
import { formatGermanDate } from '../../../shared/dates';
import type { OperatorStoneView } from '../../../shared/operator-types';
import { MAX_STORY_LENGTH, MAX_TITLE_LENGTH } from '../../../shared/schemas/limits';
import { apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextArea, TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { DialogButtons, type DialogButtonTexts } from './dialog-buttons';
import { OperatorPayments } from './operator-payments';
import { OperatorStoneState } from './operator-stone-state';
import { operatorApi } from './session';

/**
 * The operator's edit dialog: title, the story (only with the story feature), photos with delete
 * ("Keine Fotos vorhanden" without the feature's photos), the stone's finds to hide or clean up, and what was paid for
 * it with its refunds and disputes.
 */
export function OperatorStoneDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const path = operatorStoneAddress(id);
  const key = ['operator', 'stone', id];
  const stone = useQuery({ queryKey: key, queryFn: () => operatorApi(path) });
  const changed = (next: OperatorStoneView) => {
    queryClient.setQueryData(key, next);
    void queryClient.invalidateQueries({ queryKey: ['operator', 'stones'] });
    void queryClient.invalidateQueries({ queryKey: ['operator', 'counters'] });
  };
  const deletePhoto = useMutation({
    mutationFn: (photoUrl: string) => operatorApi(operatorPhotosAddress(id), { method: 'DELETE', json: { photoUrl } }),
    onSuccess: (next) => {
      changed(next);
      toast({ title: intl.formatMessage({ id: 'operator.edit.photoDeleted' }) });
    },
    onError: () => toast({ title: intl.formatMessage({ id: 'operator.edit.photoDeleteFailed' }), variant: 'error' }),
  });
  const moderate = useMutation({
    mutationFn: ({ findId, change }: { findId: string; change: { hidden?: boolean; accept?: true; clearComment?: true } }) =>
      operatorApi(operatorFindAddress(id, findId), { method: 'PATCH', json: change }),
    onSuccess: (next) => {
      changed(next);
      toast({ title: intl.formatMessage({ id: 'operator.edit.moderated' }) });
    },
    onError: () => toast({ title: intl.formatMessage({ id: 'operator.edit.moderationFailed' }), variant: 'error' }),
  });
  const data = stone.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        data ? intl.formatMessage({ id: 'operator.edit.title' }, { code: data.code }) : intl.formatMessage({ id: 'operator.edit.loading' })
      }
      description={intl.formatMessage({ id: 'operator.edit.description' })}
    >
      {!data ? (
        <p className="text-stone-600">
          <FormattedMessage id={stone.isError ? 'operator.edit.saveFailed' : 'operator.edit.loading'} />
        </p>
      ) : (
        <EditForm key={data.id} stone={data} path={path} onSaved={changed} onClose={onClose}>
          <OperatorStoneState stone={data} path={path} onSaved={changed} />
          <section className="space-y-2">
            <h3 className="text-sm font-medium text-stone-800">
              <FormattedMessage id="operator.edit.photos" />
            </h3>
            {data.hasPhotos && data.photos.length > 0 ? (
              <ul className="grid grid-cols-3 gap-2">
                {data.photos.map((url, i) => (
                  <li key={url} className="relative">
                    <img src={url} alt="" className="aspect-square w-full rounded-lg object-cover" />
                    <Button
                      variant="secondary"
                      className="absolute right-1 top-1 px-2 py-1 text-red-700"
                      disabled={deletePhoto.isPending}
                      onClick={() => {
                        if (window.confirm(intl.formatMessage({ id: 'operator.edit.photoConfirm' }))) deletePhoto.mutate(url);
                      }}
                    >
                      <span aria-hidden="true">✕</span>
                      <span className="sr-only">
                        <FormattedMessage id="operator.edit.deletePhoto" values={{ n: i + 1 }} />
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-600">
                <FormattedMessage id="operator.edit.noPhotos" />
              </p>
            )}
          </section>
          <section className="space-y-2">
            <h3 className="text-sm font-medium text-stone-800">
              <FormattedMessage id="operator.edit.finds" />
            </h3>
            {data.finds.length === 0 ? (
              <p className="text-sm text-stone-600">
                <FormattedMessage id="operator.edit.noFinds" />
              </p>
            ) : (
              <ul className="divide-y divide-stone-100 text-sm" data-testid="operator-finds">
                {[...data.finds].reverse().map((find) => (
                  <li key={find.id} className="space-y-1 py-2">
                    <p>
                      <span className="font-medium">{find.location}</span> · {formatGermanDate(find.createdAt)}
                      {find.hidden ? (
                        <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs">
                          <FormattedMessage id="operator.edit.hidden" />
                        </span>
                      ) : null}
                      {find.pending ? (
                        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                          <FormattedMessage id={find.flag === 'speed' ? 'operator.edit.flagSpeed' : 'operator.edit.flagRepeat'} />
                        </span>
                      ) : null}
                    </p>
                    {find.comment ? <p className="break-words text-stone-600">{find.comment}</p> : null}
                    <span className="flex flex-wrap gap-2">
                      {find.pending ? (
                        <Button
                          className="px-2 py-1"
                          disabled={moderate.isPending}
                          onClick={() => moderate.mutate({ findId: find.id, change: { accept: true } })}
                        >
                          <FormattedMessage id="operator.edit.accept" />
                        </Button>
                      ) : null}
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        disabled={moderate.isPending}
                        onClick={() => moderate.mutate({ findId: find.id, change: { hidden: !find.hidden } })}
                      >
                        <FormattedMessage id={find.hidden ? 'operator.edit.show' : 'operator.edit.hide'} />
                      </Button>
                      {find.comment ? (
                        <Button
                          variant="secondary"
                          className="px-2 py-1"
                          disabled={moderate.isPending}
                          onClick={() => moderate.mutate({ findId: find.id, change: { clearComment: true } })}
                        >
                          <FormattedMessage id="operator.edit.clearComment" />
                        </Button>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <OperatorPayments payments={data.payments} />
        </EditForm>
      )}
    </Dialog>
  );
}

const TEXTS: DialogButtonTexts = { cancel: 'operator.edit.cancel', save: 'operator.edit.save', saving: 'operator.edit.saving' };

/** Title and story start from the stone as loaded (the photos and finds above them change without resetting them). */
function EditForm({
  stone,
  path,
  onSaved,
  onClose,
  children,
}: {
  stone: OperatorStoneView;
  path: OperatorStoneAddress;
  onSaved: (next: OperatorStoneView) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  const toast = useToast();
  const [title, setTitle] = useState(stone.title);
  const [story, setStory] = useState(stone.story ?? '');
  const save = useMutation({
    mutationFn: () => operatorApi(path, { method: 'PATCH', json: stone.hasStory ? { title, story } : { title } }),
    onSuccess: (next) => {
      onSaved(next);
      toast({ title: intl.formatMessage({ id: 'operator.edit.saved' }) });
      onClose();
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'operator.edit.saveFailed' }),
        description: apiErrorMessage(error) ?? undefined,
        variant: 'error',
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-5">
      <TextField
        label={intl.formatMessage({ id: 'operator.edit.stoneTitle' })}
        required
        maxLength={MAX_TITLE_LENGTH}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      {stone.hasStory ? (
        <TextArea
          label={intl.formatMessage({ id: 'operator.edit.story' })}
          rows={5}
          maxLength={MAX_STORY_LENGTH}
          value={story}
          onChange={(event) => setStory(event.target.value)}
        />
      ) : null}
      {children}
      <DialogButtons texts={TEXTS} saving={save.isPending} onCancel={onClose} />
    </form>
  );
}
