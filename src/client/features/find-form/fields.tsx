import { PRECISIONS, type Precision } from '../../../shared/schemas/precision';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { SelectField } from '../../ui/field';

/** How exactly the find shows on the map and counts for the distance (`id`: one per form on a page). */
export function PrecisionField({
  value,
  onChange,
  id = 'find-precision',
}: {
  value: Precision;
  onChange: (precision: Precision) => void;
  id?: string;
}) {
  const intl = useIntl();
  return (
    <SelectField
      id={id}
      name="precision"
      label={intl.formatMessage({ id: 'stone.find.precision' })}
      hint={intl.formatMessage({ id: 'stone.find.precisionHint' })}
      value={value}
      onChange={(event) => onChange(event.target.value as Precision)}
    >
      {PRECISIONS.map((option) => (
        <option key={option} value={option}>
          {intl.formatMessage({ id: `stone.find.precision.${option}` })}
        </option>
      ))}
    </SelectField>
  );
}

/** "I'll keep it for a while": the stone then shows as resting with its finder until its next find. */
export function KeepField({ checked, onChange }: { checked: boolean; onChange: (keep: boolean) => void }) {
  return (
    <div className="flex items-start gap-2">
      <input
        id="find-keep"
        name="keep"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby="find-keep-hint"
        className="mt-1 h-4 w-4 rounded border-stone-300"
      />
      <div>
        <label htmlFor="find-keep" className="text-sm font-medium text-stone-800">
          <FormattedMessage id="stone.find.keep" />
        </label>
        <p id="find-keep-hint" className="text-xs text-stone-500">
          <FormattedMessage id="stone.find.keepHint" />
        </p>
      </div>
    </div>
  );
}
