import { MAX_COLLECTION_STONES, MAX_DEDICATION_LENGTH } from '../../../shared/schemas/limits';
import type { MessageId } from '../../lib/intl';
import { TextArea, TextField } from '../../ui/field';
import { StoneTitlesField } from '../collection/stone-titles';
import { Counter, CreatorEmailField, type StepProps } from './step-fields';
import type { Kind } from './wizard';

/** The dialog's first question: one stone, or a collection of stones for one person. */
export function KindChoice({ draft, setDraft, t }: Omit<StepProps, 'errors'>) {
  const choose = (kind: Kind) => setDraft((d) => ({ ...d, kind }));
  const option = (kind: Kind, label: MessageId, hint: MessageId) => (
    <label
      className={`flex cursor-pointer gap-3 rounded-xl border p-3 ${draft.kind === kind ? 'border-amber-600 bg-amber-50' : 'border-stone-300'}`}
    >
      <input type="radio" name="kind" value={kind} checked={draft.kind === kind} onChange={() => choose(kind)} className="mt-1" />
      <span>
        <span className="block font-medium">{t(label)}</span>
        <span className="block text-sm text-stone-600">{t(hint)}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="space-y-2" data-testid="creator-kind">
      <legend className="mb-2 text-sm font-medium text-stone-800">{t('creation.creator.kind.legend')}</legend>
      {option('stone', 'creation.creator.kind.stone', 'creation.creator.kind.stoneHint')}
      {option('collection', 'creation.creator.kind.collection', 'creation.creator.kind.collectionHint')}
    </fieldset>
  );
}

/** A collection's first step: the creator's e-mail, its title (for the person) and an optional dedication. */
export function CollectionBasics({ draft, setDraft, errors, t }: StepProps) {
  return (
    <>
      <CreatorEmailField draft={draft} setDraft={setDraft} errors={errors} t={t} hint="creation.creator.collection.emailHint" />
      <TextField
        label={t('creation.creator.collection.title')}
        hint={t('creation.creator.collection.titleHint')}
        name="title"
        required
        value={draft.title}
        onChange={(event) => setDraft((d) => ({ ...d, title: event.target.value }))}
        error={errors.title}
      />
      <div>
        <TextArea
          label={t('creation.creator.collection.dedication')}
          name="dedication"
          rows={3}
          value={draft.dedication}
          onChange={(event) => setDraft((d) => ({ ...d, dedication: event.target.value }))}
          error={errors.dedication}
        />
        <Counter count={draft.dedication.length} max={MAX_DEDICATION_LENGTH} />
      </div>
    </>
  );
}

/** A collection's second step: how many stones, and their own titles if wanted. */
export function CollectionStonesStep({ draft, setDraft, errors, t }: StepProps) {
  return (
    <>
      <TextField
        label={t('creation.creator.collection.count')}
        hint={t('creation.creator.collection.countHint', { max: MAX_COLLECTION_STONES })}
        name="count"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_COLLECTION_STONES}
        required
        value={draft.count}
        onChange={(event) => setDraft((d) => ({ ...d, count: event.target.value }))}
        error={errors.count}
      />
      <StoneTitlesField
        label={t('creation.creator.collection.titles')}
        hint={t('creation.creator.collection.titlesHint', { title: draft.title.trim() || '…' })}
        value={draft.titles}
        onValue={(titles) => setDraft((d) => ({ ...d, titles }))}
      />
    </>
  );
}
