import { FormattedMessage, useIntl } from 'react-intl';
import { pathTo } from '../../../shared/routes';
import { useConfig } from '../../lib/config';
import { Link, useRouter } from '../../lib/router';
import { useCreator } from '../creator/creator';
import { useFindDialog } from '../find-dialog/find-dialog';
import { Disclosure } from './disclosure';
import { LanguageSwitch } from './language-switch';

/** Its look is in styles.css (.nav-link), out of every page's first JavaScript. */
const navLink = 'nav-link';

/** The header's links to places of the site: the start page's sections, the guide, the blog. */
const PLACES = [
  ['/#faq', 'nav.faq'],
  ['/#about', 'nav.about'],
  ['/#widmung', 'nav.dedication'],
  [pathTo('guide'), 'nav.guide'],
  [pathTo('blog'), 'nav.blog'],
] as const;

export function Header() {
  const intl = useIntl();
  const { productName } = useConfig();
  const findDialog = useFindDialog();
  const creator = useCreator();
  const { location } = useRouter();
  return (
    <header className="relative z-20 border-b border-stone-200 bg-white/90 backdrop-blur">
      {/* One row at every width (at most 72 px on a phone, so the page's main action stays on the first screen):
          below lg the places fold into the menu, "find a stone" stays beside it. */}
      <nav
        className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3"
        aria-label={intl.formatMessage({ id: 'nav.main' })}
      >
        <Link href="/" className="nav-home">
          <span>{productName}</span>
        </Link>
        <div className="flex items-center gap-1">
          <button type="button" className={navLink} onClick={findDialog.open}>
            <FormattedMessage id="nav.find" />
          </button>
          <Disclosure label={<FormattedMessage id="nav.menu" />} button="nav-link border border-stone-300 lg:hidden" panel="nav-menu">
            {/* The creator (and the bot check its CSP admits) lives on the start page: elsewhere this leads there. */}
            {location.pathname === '/' ? (
              <button type="button" className={navLink} onClick={creator.open}>
                <FormattedMessage id="nav.create" />
              </button>
            ) : (
              <Link href="/?create" className={navLink}>
                <FormattedMessage id="nav.create" />
              </Link>
            )}
            {PLACES.map(([href, id]) => (
              <Link key={href} href={href} className={navLink}>
                <FormattedMessage id={id} />
              </Link>
            ))}
            <LanguageSwitch />
          </Disclosure>
        </div>
      </nav>
    </header>
  );
}
