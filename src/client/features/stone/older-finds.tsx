import { useEffect, useRef, useState } from 'react';
import { olderFindsAddress } from '../../../shared/api-routes';
import type { FindView, StoneView } from '../../../shared/types';
import { api } from '../../lib/api';
import { FormattedMessage } from '../../lib/intl-react';
import { Button } from '../../ui/button';
import { FindsList } from './finds-list';

/**
 * "Show older finds": the stone's page embeds only its newest finds (decision record 030); this part loads the ones
 * before them page by page, under the list, numbered on. A part of its own, loaded after the page's first JavaScript
 * with its texts (namespace older-finds), so the stone page's budget pays only for the place it takes. Without
 * JavaScript there is nothing to press: the button is not shown (`noscript:hidden`), and the journey files in the side
 * column hold every stop.
 */
export default function OlderFinds({ stone }: { stone: Pick<StoneView, 'code' | 'finds' | 'findCount' | 'olderFinds'> }) {
  // The number of the newest find before the embedded ones: the count of every older public find.
  const last = stone.findCount - stone.finds.length;
  const [older, setOlder] = useState<FindView[]>([]);
  const [url, setUrl] = useState(stone.olderFinds);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const list = useRef<HTMLDivElement>(null);
  // After a page arrived, the first of its finds (the newest) takes the focus: it is where reading goes on.
  const [focusAt, setFocusAt] = useState<number | null>(null);

  useEffect(() => {
    if (focusAt === null) return;
    const item = list.current?.querySelectorAll('li')[focusAt];
    if (item instanceof HTMLElement) {
      item.tabIndex = -1;
      item.focus();
    }
  }, [focusAt]);

  const load = async () => {
    if (!url || state === 'loading') return;
    setState('loading');
    try {
      const page = await api(olderFindsAddress(url));
      setOlder((shown) => [...page.finds, ...shown]);
      setFocusAt(older.length);
      setUrl(page.olderFinds);
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      {older.length > 0 ? (
        <div ref={list}>
          <FindsList code={stone.code} finds={older} first={last - older.length + 1} id="older-finds" />
        </div>
      ) : null}
      {url ? (
        <Button
          variant="secondary"
          className="w-full noscript:hidden"
          onClick={() => void load()}
          // Not disabled while loading: the button keeps the focus should the page not arrive.
          aria-busy={state === 'loading' || undefined}
        >
          <FormattedMessage id={state === 'loading' ? 'older-finds.loading' : 'older-finds.show'} />
        </Button>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-red-800">
          <FormattedMessage id="older-finds.failed" />
        </p>
      ) : null}
    </>
  );
}
