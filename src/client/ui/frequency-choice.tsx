import type { MessageId } from '../../shared/i18n/message-ids';
import type { OwnerNotify } from '../../shared/schemas/notify';
import { FormattedMessage } from '../lib/intl-react';

/**
 * How often someone hears of finds, as radio buttons: the owner's card, the collection owner's, and the preferences
 * page of a mail link. Each page names the choices in its own texts (`labels`), so the choice costs no page a
 * namespace it does not load.
 */
export function FrequencyChoice({
  name,
  legend,
  choices,
  labels,
  value,
  disabled,
  onChange,
}: {
  name: string;
  legend: MessageId;
  choices: readonly OwnerNotify[];
  labels: Partial<Record<OwnerNotify, MessageId>>;
  value: OwnerNotify;
  disabled?: boolean;
  onChange: (next: OwnerNotify) => void;
}) {
  return (
    <fieldset className="mt-3 space-y-2" disabled={disabled}>
      <legend className="text-sm text-stone-700">
        <FormattedMessage id={legend} />
      </legend>
      {choices.map((choice) => {
        const label = labels[choice];
        return label ? (
          <label key={choice} className="flex items-center gap-3">
            <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
            <FormattedMessage id={label} />
          </label>
        ) : null;
      })}
    </fieldset>
  );
}
