import { useState } from 'react';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { type ConsentSettings, closeConsentSettings } from './consent-store';

/** The banner's settings: each kind of cookie with its switch. */
export default function Settings({
  current,
  onSave,
}: {
  current: ConsentSettings | null;
  onSave: (analytics: boolean, marketing: boolean) => void;
}) {
  const intl = useIntl();
  const [analytics, setAnalytics] = useState(current?.analytics ?? false);
  const [marketing, setMarketing] = useState(current?.marketing ?? false);
  const row = (id: 'necessary' | 'analytics' | 'marketing', checked: boolean, onChange?: (next: boolean) => void) => (
    <label className="flex items-start justify-between gap-4 py-3">
      <span>
        <span className="block font-medium text-stone-900">
          <FormattedMessage id={`consent.${id}.title`} />
        </span>
        <span className="block text-sm text-stone-600">
          <FormattedMessage id={`consent.${id}.text`} />
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={!onChange}
        onChange={(event) => onChange?.(event.target.checked)}
        className="mt-1 size-5 shrink-0"
      />
    </label>
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) closeConsentSettings();
      }}
      title={intl.formatMessage({ id: 'consent.settings' })}
      description={intl.formatMessage({ id: 'consent.settingsText' })}
    >
      <div className="divide-y divide-stone-100">
        {row('necessary', true)}
        {row('analytics', analytics, setAnalytics)}
        {row('marketing', marketing, setMarketing)}
      </div>
      <div className="mt-4 flex justify-end">
        <Button onClick={() => onSave(analytics, marketing)}>
          <FormattedMessage id="consent.save" />
        </Button>
      </div>
    </Dialog>
  );
}
