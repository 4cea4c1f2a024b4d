import { pathTo } from '../../../shared/routes';
import { FormattedMessage } from '../../lib/intl-react';
import { Link } from '../../lib/router';
import { useCreator } from '../creator/creator';
import { LanguageSwitch } from './language-switch';

/** Its look is in styles.css (.nav-link), out of every page's first JavaScript. */
const navLink = 'nav-link';

/** The header's links to places of the site: the start page's sections, the guide, the blog. */
const PLACES = [
  ['/#faq', 'layout.nav.faq'],
  ['/#about', 'layout.nav.about'],
  ['/#widmung', 'layout.nav.dedication'],
  [pathTo('guide'), 'layout.nav.guide'],
  [pathTo('blog'), 'layout.nav.blog'],
] as const;

/**
 * What the header's menu holds: below lg the places fold into it, on wide screens they lie in the header's row; the
 * languages at its end. `home`: the start page, where the creator opens in place.
 */
export function MenuItems({ home }: { home: boolean }) {
  const creator = useCreator();
  return (
    <>
      {/* The creator (and the bot check its CSP admits) lives on the start page: elsewhere this leads there. */}
      {home ? (
        <button type="button" className={navLink} onClick={creator.open}>
          <FormattedMessage id="layout.nav.create" />
        </button>
      ) : (
        <Link href="/?create" className={navLink}>
          <FormattedMessage id="layout.nav.create" />
        </Link>
      )}
      {PLACES.map(([href, id]) => (
        <Link key={href} href={href} className={navLink}>
          <FormattedMessage id={id} />
        </Link>
      ))}
      <LanguageSwitch />
    </>
  );
}
