import { embedPath, embedSnippet } from '../../../shared/embed';
import type { OwnerStoneView } from '../../../shared/types';
import { copyText } from '../../lib/clipboard';
import { useConfig } from '../../lib/config';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Button } from '../../ui/button';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';

/**
 * "Show it on your website": the snippet that puts the stone's card (`/embed/{code}`) on a blog or a memorial page,
 * to copy, and the card itself to look at first. The card keeps itself up to date, so the snippet never changes.
 */
export function OwnerEmbed({ stone }: { stone: OwnerStoneView }) {
  const intl = useIntl();
  const toast = useToast();
  const { siteUrl } = useConfig();
  const snippet = embedSnippet(siteUrl, stone.code, intl.formatMessage({ id: 'owner.embed.frameTitle' }, { title: stone.title }));
  const copy = async () => {
    if (await copyText(snippet)) toast({ title: intl.formatMessage({ id: 'owner.embed.copied' }) });
    else toast({ title: intl.formatMessage({ id: 'owner.embed.copyFailed' }), variant: 'error' });
  };
  return (
    <TitledCard id="owner-embed-title" title={<FormattedMessage id="owner.embed.title" />}>
      <p className="mt-2 text-sm text-stone-700">
        <FormattedMessage id="owner.embed.text" />
      </p>
      <label htmlFor="owner-embed-snippet" className="mt-3 block text-sm font-medium">
        <FormattedMessage id="owner.embed.label" />
      </label>
      <textarea
        id="owner-embed-snippet"
        readOnly
        rows={3}
        value={snippet}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full resize-none rounded-lg border border-stone-300 bg-stone-50 p-2 font-mono text-xs text-stone-800"
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          <FormattedMessage id="owner.embed.copy" />
        </Button>
        <a
          href={embedPath(stone.code)}
          target="_blank"
          rel="noopener"
          className="text-sm font-medium text-amber-800 underline underline-offset-2"
        >
          <FormattedMessage id="owner.embed.preview" />
        </a>
      </div>
    </TitledCard>
  );
}
