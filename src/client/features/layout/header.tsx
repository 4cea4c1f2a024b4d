import { FormattedMessage, useIntl } from 'react-intl';
import { pathTo } from '../../../shared/routes';
import { useConfig } from '../../lib/config';
import { Link, useRouter } from '../../lib/router';
import { useCreator } from '../creator/creator';
import { useFindDialog } from '../find-dialog/find-dialog';
import { LanguageSwitch } from './language-switch';

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-600';

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
    <header className="border-b border-stone-200 bg-white/90 backdrop-blur">
      <nav
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3"
        aria-label={intl.formatMessage({ id: 'nav.main' })}
      >
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-stone-900">
          <span aria-hidden="true" className="inline-block size-6 rounded-full bg-gradient-to-br from-amber-500 to-stone-600" />
          {productName}
        </Link>
        <div className="flex flex-wrap items-center gap-1">
          <button type="button" className={navLink} onClick={findDialog.open}>
            <FormattedMessage id="nav.find" />
          </button>
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
        </div>
      </nav>
    </header>
  );
}
