import { useConfig } from '../../lib/config';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Link } from '../../lib/router';
import { openConsentSettings } from '../consent/consent-store';

export function Footer() {
  const intl = useIntl();
  const { productName } = useConfig();
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-900 text-stone-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:justify-between">
        <div>
          <p className="font-semibold text-white">{productName}</p>
          <p className="mt-1 text-sm">
            <FormattedMessage id="core.app.tagline" />
          </p>
        </div>
        <nav aria-label={intl.formatMessage({ id: 'layout.footer.navigation' })}>
          <p className="text-sm font-semibold text-white">
            <FormattedMessage id="layout.footer.navigation" />
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link href="/" className="hover:text-white">
                <FormattedMessage id="layout.nav.home" />
              </Link>
            </li>
            <li>
              <Link href="/#faq" className="hover:text-white">
                <FormattedMessage id="layout.nav.faq" />
              </Link>
            </li>
            <li>
              <Link href="/#about" className="hover:text-white">
                <FormattedMessage id="layout.nav.about" />
              </Link>
            </li>
            <li>
              <Link href="/blog" className="hover:text-white">
                <FormattedMessage id="layout.nav.blog" />
              </Link>
            </li>
            <li>
              <Link href="/entwickler" className="hover:text-white">
                <FormattedMessage id="layout.nav.developers" />
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={intl.formatMessage({ id: 'layout.footer.legal' })}>
          <p className="text-sm font-semibold text-white">
            <FormattedMessage id="layout.footer.legal" />
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {(
              [
                ['/impressum', 'core.legal.imprint'],
                ['/datenschutz', 'core.legal.privacy'],
                ['/agb', 'core.legal.terms'],
              ] as const
            ).map(([href, label]) => (
              <li key={href}>
                <Link href={href} className="hover:text-white">
                  <FormattedMessage id={label} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs">
        © {productName}. <FormattedMessage id="layout.footer.rights" />{' '}
        <button type="button" onClick={openConsentSettings} className="underline hover:text-white">
          <FormattedMessage id="layout.footer.cookies" />
        </button>
      </p>
    </footer>
  );
}
