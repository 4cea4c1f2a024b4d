import { FormattedMessage, useIntl } from 'react-intl';
import { pathTo } from '../../../shared/routes';
import { useConfig } from '../../lib/config';
import { useToast } from '../../ui/toast';

const linkClass =
  'rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-600';

/** Copies text with the Clipboard API, falling back to a selected hidden field where that is refused. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      field.remove();
      focused?.focus({ preventScroll: true });
    }
  }
}

/** Facebook, Twitter, WhatsApp, e-mail and copy link; the shared address is the read-only view. */
export function ShareButtons({ code, title }: { code: string; title: string }) {
  const intl = useIntl();
  const toast = useToast();
  const { siteUrl } = useConfig();
  const url = `${siteUrl.replace(/\/$/, '')}${pathTo('view', { code })}`;
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const targets = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
  const copy = async () => {
    if (await copyText(url)) toast({ title: intl.formatMessage({ id: 'share.copied' }) });
    // Some in-app browsers and insecure pages refuse the clipboard: offer the link to copy by hand.
    else toast({ title: intl.formatMessage({ id: 'share.copyFailed' }), description: url, variant: 'error' });
  };
  return (
    <div>
      <h2 className="text-lg font-semibold">
        <FormattedMessage id="share.title" />
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {targets.map((target) => (
          <a key={target.name} href={target.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {target.name}
          </a>
        ))}
        <a href={`mailto:?subject=${t}&body=${u}`} className={linkClass}>
          <FormattedMessage id="share.email" />
        </a>
        <button type="button" onClick={copy} className={linkClass}>
          <FormattedMessage id="share.copy" />
        </button>
      </div>
    </div>
  );
}
