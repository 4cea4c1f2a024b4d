import messages from 'virtual:messages/consent';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../lib/router';
import { WithMessages } from '../../lib/with-messages';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { type ConsentSettings, closeConsentSettings, openConsentSettings, saveConsent } from './consent-store';

export default function CookieBanner(props: { current: ConsentSettings | null; settingsOpen: boolean }) {
  return (
    <WithMessages messages={messages}>
      <Banner {...props} />
    </WithMessages>
  );
}

function Banner({ current, settingsOpen }: { current: ConsentSettings | null; settingsOpen: boolean }) {
  const choose = (analytics: boolean, marketing: boolean) => {
    saveConsent({ analytics, marketing });
    closeConsentSettings();
  };
  return (
    <>
      {current ? null : (
        <section
          aria-labelledby="cookie-banner-title"
          className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white p-4 shadow-[0_-4px_16px_rgb(0_0_0/0.08)]"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
            <div className="space-y-1 text-sm text-stone-700">
              <h2 id="cookie-banner-title" className="font-semibold text-stone-900">
                <FormattedMessage id="consent.title" />
              </h2>
              <p>
                <FormattedMessage id="consent.text" />{' '}
                <Link href="/datenschutz" className="underline">
                  <FormattedMessage id="consent.privacy" />
                </Link>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="ghost" onClick={openConsentSettings}>
                <FormattedMessage id="consent.customize" />
              </Button>
              <Button variant="secondary" onClick={() => choose(false, false)}>
                <FormattedMessage id="consent.necessaryOnly" />
              </Button>
              <Button onClick={() => choose(true, true)}>
                <FormattedMessage id="consent.acceptAll" />
              </Button>
            </div>
          </div>
        </section>
      )}
      {settingsOpen ? <Settings current={current} onSave={choose} /> : null}
    </>
  );
}

function Settings({ current, onSave }: { current: ConsentSettings | null; onSave: (analytics: boolean, marketing: boolean) => void }) {
  const intl = useIntl();
  const [analytics, setAnalytics] = useState(current?.analytics ?? false);
  const [marketing, setMarketing] = useState(current?.marketing ?? false);
  const row = (id: string, checked: boolean, onChange?: (next: boolean) => void) => (
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
