import type { Dispatch, SetStateAction } from 'react';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage } from '../../lib/intl-react';
import { EmailField } from '../../ui/field';
import type { Draft, Errors, Translate } from './wizard';

/** What every step of the creator's dialog gets: the draft, its setter, the fields' problems and the texts. */
export interface StepProps {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  errors: Errors;
  t: Translate;
}

/** How many characters a text has of how many it may have; red once it has too many. */
export function Counter({ count, max }: { count: number; max: number }) {
  return (
    <p className={`text-right text-xs ${count > max ? 'text-red-700' : 'text-stone-500'}`} aria-live="polite">
      <FormattedMessage id="creation.creator.counter" values={{ count, max }} />
    </p>
  );
}

/** The creator's e-mail address, the first field of a stone's and of a collection's; `hint` says what it is for. */
export function CreatorEmailField({ draft, setDraft, errors, t, hint }: StepProps & { hint: MessageId }) {
  return (
    <EmailField
      label={t('creation.creator.email')}
      hint={t(hint)}
      name="creatorEmail"
      required
      value={draft.creatorEmail}
      onValue={(creatorEmail) => setDraft((d) => ({ ...d, creatorEmail }))}
      error={errors.creatorEmail}
    />
  );
}
