import { FormattedMessage, useIntl } from 'react-intl';
import { PRECISIONS, type Precision } from '../../../shared/schemas/precision';

/** How precisely the find's position is kept: the finder may blur where exactly they were. */
export function PrecisionField({ value, onChange }: { value: Precision; onChange: (precision: Precision) => void }) {
  const intl = useIntl();
  return (
    <div className="space-y-1">
      <label htmlFor="find-precision" className="block text-sm font-medium text-stone-800">
        <FormattedMessage id="findForm.precision" />
      </label>
      <select
        id="find-precision"
        name="precision"
        value={value}
        onChange={(event) => onChange(event.target.value as Precision)}
        aria-describedby="find-precision-hint"
        className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900"
      >
        {PRECISIONS.map((option) => (
          <option key={option} value={option}>
            {intl.formatMessage({ id: `findForm.precision.${option}` })}
          </option>
        ))}
      </select>
      <p id="find-precision-hint" className="text-xs text-stone-500">
        <FormattedMessage id="findForm.precisionHint" />
      </p>
    </div>
  );
}
