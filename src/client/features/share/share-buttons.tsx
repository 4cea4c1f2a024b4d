import { pathTo } from '../../../shared/routes';
import { copyText } from '../../lib/clipboard';
import { useConfig } from '../../lib/config';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useToast } from '../../ui/toast';

const linkClass =
  'rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-600';

/**
 * Facebook, Twitter, WhatsApp, e-mail and copy link. A stone's shared address is its read-only view; another page
 * (a collection) names its own `path`.
 */
export function ShareButtons({ title, ...page }: { title: string } & ({ code: string } | { path: string })) {
  const intl = useIntl();
  const toast = useToast();
  const { siteUrl } = useConfig();
  const url = `${siteUrl.replace(/\/$/, '')}${'path' in page ? page.path : pathTo('view', { code: page.code })}`;
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const targets = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
  const copy = async () => {
    if (await copyText(url)) toast({ title: intl.formatMessage({ id: 'stone-aside.share.copied' }) });
    // Some in-app browsers and insecure pages refuse the clipboard: offer the link to copy by hand.
    else toast({ title: intl.formatMessage({ id: 'stone-aside.share.copyFailed' }), description: url, variant: 'error' });
  };
  return (
    <div>
      <h2 className="text-lg font-semibold">
        <FormattedMessage id="stone-aside.share.title" />
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {targets.map((target) => (
          <a key={target.name} href={target.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {target.name}
          </a>
        ))}
        <a href={`mailto:?subject=${t}&body=${u}`} className={linkClass}>
          <FormattedMessage id="stone-aside.share.email" />
        </a>
        <button type="button" onClick={copy} className={linkClass}>
          <FormattedMessage id="stone-aside.share.copy" />
        </button>
      </div>
    </div>
  );
}
