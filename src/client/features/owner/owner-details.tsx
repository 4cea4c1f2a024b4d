import { type FormEvent, useState } from 'react';
import { ownerStoneAddress } from '../../../shared/api-routes';
import { formatGermanDate } from '../../../shared/dates';
import { MAX_STORY_LENGTH, MAX_TITLE_LENGTH } from '../../../shared/schemas/limits';
import type { OwnerStoneView } from '../../../shared/types';
import { api, apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DescriptionRow } from '../../ui/description-row';
import { TextArea, TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';

/** View mode and edit mode of title and story (the story only with its feature). */
export function OwnerDetails({ token, stone, onSaved }: { token: string; stone: OwnerStoneView; onSaved: (next: OwnerStoneView) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(stone.title);
  const [story, setStory] = useState(stone.story ?? '');
  const save = useMutation({
    mutationFn: (body: { title: string; story?: string }) => api(ownerStoneAddress(token), { method: 'PATCH', json: body }),
    onSuccess: (next) => {
      onSaved(next);
      setEditing(false);
      toast({ title: intl.formatMessage({ id: 'owner.updated' }) });
    },
    onError: (error) => toast({ title: apiErrorMessage(error) ?? intl.formatMessage({ id: 'owner.updateFailed' }), variant: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ title, ...(stone.hasStory ? { story } : {}) });
  };
  return (
    <Card aria-labelledby="owner-details-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="owner-details-title" className="text-lg font-semibold">
          <FormattedMessage id="owner.details" />
        </h2>
        {editing ? null : (
          <Button
            variant="secondary"
            onClick={() => {
              setTitle(stone.title);
              setStory(stone.story ?? '');
              setEditing(true);
            }}
          >
            <FormattedMessage id="owner.edit" />
          </Button>
        )}
      </div>
      {editing ? (
        <form onSubmit={submit} className="mt-4 space-y-4">
          <div>
            <TextField
              label={intl.formatMessage({ id: 'owner.field.title' })}
              value={title}
              maxLength={MAX_TITLE_LENGTH}
              required
              onChange={(event) => setTitle(event.target.value)}
            />
            <p className="text-right text-xs text-stone-500">
              {title.length} / {MAX_TITLE_LENGTH}
            </p>
          </div>
          {stone.hasStory ? (
            <div>
              <TextArea
                label={intl.formatMessage({ id: 'owner.field.story' })}
                value={story}
                rows={8}
                onChange={(event) => setStory(event.target.value)}
              />
              <p className={`text-right text-xs ${story.length > MAX_STORY_LENGTH ? 'text-red-700' : 'text-stone-500'}`}>
                {story.length} / {MAX_STORY_LENGTH}
              </p>
            </div>
          ) : null}
          <div className="flex gap-3">
            <Button type="submit" disabled={save.isPending || !title.trim() || story.length > MAX_STORY_LENGTH}>
              <FormattedMessage id={save.isPending ? 'owner.saving' : 'owner.save'} />
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              <FormattedMessage id="owner.cancel" />
            </Button>
          </div>
        </form>
      ) : (
        <dl className="mt-4 space-y-3">
          <DescriptionRow term="owner.field.title">{stone.title}</DescriptionRow>
          <DescriptionRow term="owner.field.email">{stone.creatorEmail}</DescriptionRow>
          <DescriptionRow term="owner.field.code">{stone.code}</DescriptionRow>
          <DescriptionRow term="owner.field.created">{formatGermanDate(stone.createdAt)}</DescriptionRow>
          {stone.hasStory ? (
            <DescriptionRow term="owner.field.story" valueClassName="whitespace-pre-line">
              {stone.story || <FormattedMessage id="owner.noStory" />}
            </DescriptionRow>
          ) : null}
        </dl>
      )}
    </Card>
  );
}
