import type { Dispatch, SetStateAction } from 'react';
import { MAX_STORY_LENGTH, MAX_TITLE_LENGTH } from '../../../shared/schemas/limits';
import { useConfig } from '../../lib/config';
import { FormattedMessage } from '../../lib/intl-react';
import { TextArea, TextField } from '../../ui/field';
import { CreatorPhotos } from './creator-photos';
import { Counter, CreatorEmailField, type StepProps } from './step-fields';
import type { Draft, Errors } from './wizard';

/** Step 1: the creator's e-mail address and the stone's title. */
export function BasicsStep({ draft, setDraft, errors, t }: StepProps) {
  return (
    <>
      <CreatorEmailField draft={draft} setDraft={setDraft} errors={errors} t={t} hint="creation.creator.emailHint" />
      <div>
        <TextField
          label={t('creation.creator.name')}
          name="title"
          required
          maxLength={MAX_TITLE_LENGTH}
          value={draft.title}
          onChange={(event) => setDraft((d) => ({ ...d, title: event.target.value }))}
          error={errors.title}
        />
        <Counter count={draft.title.length} max={MAX_TITLE_LENGTH} />
      </div>
    </>
  );
}

/** Step 2: the paid features (photos, story), unavailable while payments are switched off. */
export function FeaturesStep({
  draft,
  setDraft,
  errors,
  setErrors,
  onPreparing,
  t,
}: StepProps & { setErrors: Dispatch<SetStateAction<Errors>>; onPreparing: (preparing: boolean) => void }) {
  const config = useConfig();
  const { features } = draft;
  const choose = (feature: keyof Draft['features'], on: boolean) => setDraft((d) => ({ ...d, features: { ...d.features, [feature]: on } }));
  return (
    <>
      <p className="text-sm text-stone-600">
        <FormattedMessage id={config.paymentsEnabled ? 'creation.creator.freeNote' : 'creation.creator.paidUnavailable'} />
      </p>
      <fieldset className="space-y-3" disabled={!config.paymentsEnabled}>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={features.photos} onChange={(event) => choose('photos', event.target.checked)} />
          <FormattedMessage id="creation.creator.photos" />
        </label>
        {features.photos ? (
          <CreatorPhotos
            photos={draft.photos}
            setDraft={setDraft}
            error={errors.photos}
            setErrors={setErrors}
            onPreparing={onPreparing}
            t={t}
          />
        ) : null}
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={features.story} onChange={(event) => choose('story', event.target.checked)} />
          <FormattedMessage id="creation.creator.story" />
        </label>
        {features.story ? (
          <div>
            <TextArea
              label={t('creation.creator.storyLabel')}
              name="story"
              rows={6}
              value={draft.story}
              onChange={(event) => setDraft((d) => ({ ...d, story: event.target.value }))}
              error={errors.story}
            />
            <Counter count={draft.story.length} max={MAX_STORY_LENGTH} />
          </div>
        ) : null}
      </fieldset>
    </>
  );
}
