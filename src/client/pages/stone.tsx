import { Suspense, useCallback, useState } from 'react';
import type { PageProps } from '../../shared/routes';
import type { PickedLocation } from '../features/find-form/address-search';
import { FindForm } from '../features/find-form/find-form';
import { useStone } from '../features/stone/api';
import { type Coordinates, formatCoordinates } from '../lib/geolocation';
import { FormattedMessage } from '../lib/intl-react';
import { boundedPart, lazyPart } from '../lib/lazy-page';
import { useRouter } from '../lib/router';
import { withTexts } from '../lib/screen-messages';
import { Button } from '../ui/button';
import { NoticePage } from '../ui/notice-page';
import { Spinner } from '../ui/spinner';

/*
 * Follow, share and the owner link, and a premium stone's photos: in the page's HTML (the Worker renders them at
 * once, so nothing is revealed later), their modules loaded in the browser after the page's first JavaScript and
 * hydrated when they arrive (the stone page's JavaScript budget, bench/run.mjs). The first photo is in the HTML, so
 * it shows at once.
 */
const StoneAside = lazyPart(withTexts('stone-aside', () => import('../features/stone/stone-aside')));
const PhotoGallery = lazyPart(() => import('../features/stone/photo-gallery').then((module) => ({ default: module.PhotoGallery })));
/**
 * The finds before the embedded ones, on demand (decision record 030): a part like the aside, with its own texts and
 * those of the finds' list (namespace stone-parts).
 */
const OlderFinds = lazyPart(
  withTexts(
    'older-finds',
    withTexts('stone-parts', () => import('../features/stone/older-finds')),
  ),
);
/**
 * The stone's state, its map, its newest finds and the welcome dialog: parts too, in one module, with their texts
 * (namespace stone-parts) and the map's (stone-map). The page's HTML has them in place; the browser hydrates them
 * once that module has arrived, right after the page's first JavaScript. Only the find form hydrates with the page
 * (a finder types into it at once).
 */
const parts = withTexts(
  'stone-map',
  withTexts('stone-parts', () => import('../features/stone/stone-parts')),
);
const StoneState = boundedPart(() => parts().then((module) => ({ default: module.StoneState })));
const StoneMap = boundedPart(() => parts().then((module) => ({ default: module.StoneMap })));
const FindsList = boundedPart(() => parts().then((module) => ({ default: module.FindsList })));
const WelcomeDialog = boundedPart(() => parts().then((module) => ({ default: module.WelcomeDialog })));
/** The parts loaded (App.tsx): a stone page the app navigates to shows them with the page, as its HTML does. */
export const preloadParts = (): Promise<unknown> =>
  Promise.all([StoneState, StoneMap, FindsList, WelcomeDialog].map((part) => part.preload()));

function StoneNotFound() {
  const { navigate } = useRouter();
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="core.stone.notFound.title" />
      </h1>
      <p className="mt-3 text-stone-600">
        <FormattedMessage id="core.stone.notFound.text" />
      </p>
      <Button
        className="mt-8"
        onClick={() => {
          if (window.history.length > 1) window.history.back();
          else navigate('/');
        }}
      >
        <FormattedMessage id="core.stone.back" />
      </Button>
    </div>
  );
}

function scrollToForm() {
  const form = document.getElementById('find-form');
  form?.scrollIntoView({ block: 'start' });
  form?.querySelector<HTMLElement>('button, input:not([readonly]), textarea')?.focus({ preventScroll: true });
}

/** The stone's page: /{code} with the find form, /view/{code} read-only. */
export default function StonePage({ params, screen }: PageProps) {
  const code = params.code ?? '';
  const readOnly = screen === 'view';
  const { data: stone, isPending, isError, isFetching, refetch } = useStone(code);
  const [picked, setPicked] = useState<PickedLocation | null>(null);
  const pickOnMap = useCallback((position: Coordinates) => setPicked({ ...position, label: formatCoordinates(position) }), []);

  if (isPending) return <Spinner />;
  // A failed reload (e.g. right after a find) keeps the stone on screen; only a first load that failed shows this.
  if (isError && stone === undefined) {
    return (
      <NoticePage
        alert
        title={<FormattedMessage id="core.stone.lookupError.title" />}
        text={<FormattedMessage id="core.stone.lookupError.text" />}
      >
        <Button disabled={isFetching} onClick={() => void refetch()}>
          <FormattedMessage id="core.stone.retry" />
        </Button>
      </NoticePage>
    );
  }
  if (!stone) return <StoneNotFound />;
  const hasMemory = Boolean(stone.hasStory && stone.story) || stone.hasPhotos || stone.photos.length > 0;
  // The embedded finds are the newest: the first of them has the number of all before it, plus one.
  const before = stone.findCount - stone.finds.length;

  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="font-mono text-sm tracking-widest text-amber-700">
            <FormattedMessage id="core.stone.code" values={{ code: stone.code }} />
          </p>
          <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{stone.title}</h1>
          {stone.collection ? (
            <p className="mt-1">
              <a href={stone.collection.url} className="text-amber-800 underline">
                <FormattedMessage id="stone.collection" values={{ title: stone.collection.title }} />
              </a>
            </p>
          ) : null}
          <p className="mt-2 text-stone-600">
            <FormattedMessage id="core.stone.findCount" values={{ count: stone.findCount }} />
          </p>
          <StoneState stone={stone} onLogFind={readOnly ? undefined : scrollToForm} />
        </div>
        <div className="flex flex-col items-end gap-2">
          {readOnly ? (
            <span
              className="rounded-full bg-stone-200 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-stone-700"
              data-testid="read-only-badge"
            >
              <FormattedMessage id="core.stone.readOnly" />
            </span>
          ) : null}
          <div className="rounded-xl bg-stone-900 px-4 py-3 text-right text-white">
            <p className="text-xs uppercase tracking-wide text-stone-400">
              <FormattedMessage id="core.stone.distance" />
            </p>
            <p className="text-2xl font-bold tabular-nums" data-testid="total-distance">
              {stone.formattedDistance}
            </p>
          </div>
        </div>
      </header>

      {/* Phones: memory, find form, journey, then subscribe and share. Wide screens: two columns. */}
      <div className="mt-8 flex flex-col gap-8 lg:grid lg:grid-cols-[3fr_2fr] lg:grid-rows-[auto_auto_1fr] lg:items-start">
        {hasMemory ? (
          <div className="space-y-8 lg:col-start-1 lg:row-start-1">
            {stone.hasStory && stone.story ? (
              <section aria-labelledby="story-title">
                <h2 id="story-title" className="text-xl font-semibold">
                  <FormattedMessage id="core.stone.story" />
                </h2>
                <p className="mt-2 whitespace-pre-line text-lg text-stone-700">{stone.story}</p>
              </section>
            ) : null}
            <Suspense fallback={null}>
              <PhotoGallery photos={stone.photos} hasPhotos={stone.hasPhotos} title={stone.title} />
            </Suspense>
          </div>
        ) : null}
        {readOnly ? null : (
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <FindForm code={stone.code} picked={picked} onPick={setPicked} />
          </div>
        )}
        <section
          aria-labelledby="journey-title"
          className={`space-y-4 lg:col-start-1 ${hasMemory ? 'lg:row-span-2 lg:row-start-2' : 'lg:row-span-3 lg:row-start-1'}`}
        >
          <h2 id="journey-title" className="text-xl font-semibold">
            <FormattedMessage id="core.stone.journey" />
          </h2>
          <StoneMap stone={stone} selected={picked} onPick={readOnly ? undefined : pickOnMap} />
          <h3 className="pt-2 text-lg font-semibold">
            <FormattedMessage id="core.stone.finds" />
          </h3>
          <FindsList code={stone.code} finds={stone.finds} first={before + 1} />
          {stone.olderFinds ? (
            <Suspense fallback={null}>
              {/* A new find moves the newest ones on: the older ones loaded before start again. */}
              <OlderFinds key={stone.olderFinds} stone={stone} />
            </Suspense>
          ) : null}
        </section>
        <aside className={`space-y-6 lg:col-start-2 ${readOnly ? 'lg:row-span-3 lg:row-start-1' : 'lg:row-start-3'}`}>
          <Suspense fallback={null}>
            <StoneAside code={stone.code} title={stone.title} />
          </Suspense>
        </aside>
      </div>
      {readOnly ? null : <WelcomeDialog code={stone.code} title={stone.title} onLogFind={scrollToForm} />}
    </article>
  );
}
