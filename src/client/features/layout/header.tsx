import { useConfig } from '../../lib/config';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Link, useRouter } from '../../lib/router';
import { useFindDialog } from '../find-dialog/find-dialog';
import { Disclosure } from './disclosure';
import { MenuItems } from './parts';

export function Header() {
  const intl = useIntl();
  const { productName } = useConfig();
  const findDialog = useFindDialog();
  const { location } = useRouter();
  return (
    <header className="relative z-20 border-b border-stone-200 bg-white/90 backdrop-blur">
      {/* One row at every width (at most 72 px on a phone, so the page's main action stays on the first screen):
          below lg the places fold into the menu, "find a stone" stays beside it. */}
      <nav
        className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3"
        aria-label={intl.formatMessage({ id: 'core.nav.main' })}
      >
        <Link href="/" className="nav-home">
          <span>{productName}</span>
        </Link>
        <div className="flex items-center gap-1">
          <button type="button" className="nav-link" onClick={findDialog.open}>
            <FormattedMessage id="core.nav.find" />
          </button>
          <Disclosure label={<FormattedMessage id="core.nav.menu" />} button="nav-link border border-stone-300 lg:hidden" panel="nav-menu">
            <MenuItems home={location.pathname === '/'} />
          </Disclosure>
        </div>
      </nav>
    </header>
  );
}
