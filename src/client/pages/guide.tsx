import { AffiliateLink } from '../features/affiliate/affiliate-link';
import type { MessageId } from '../lib/intl';
import { FormattedMessage } from '../lib/intl-react';
import { Link } from '../lib/router';

const MATERIALS = [1, 2, 3, 4, 5, 6] as const;
const STEPS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const TIPS = [1, 2, 3, 4] as const;

/** /stein-vorbereiten (the preparation guide): materials, the eight steps in order, tips. */
export default function GuidePage() {
  return (
    <article className="mx-auto max-w-3xl space-y-10 px-4 py-12">
      <header className="space-y-3">
        <h1 className="text-4xl font-bold tracking-tight">
          <FormattedMessage id="guide.title" />
        </h1>
        <p className="text-lg text-stone-700">
          <FormattedMessage id="guide.intro" />
        </p>
      </header>
      <BulletSection id="materials" items={MATERIALS.map((n) => `guide.materials.${n}` as const)} />
      <section aria-labelledby="guide-steps" className="space-y-3">
        <h2 id="guide-steps" className="text-2xl font-semibold">
          <FormattedMessage id="guide.steps.title" />
        </h2>
        <ol className="space-y-4">
          {STEPS.map((n) => (
            <li key={n} className="flex gap-4">
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-stone-800 font-semibold text-white"
                aria-hidden="true"
              >
                {n}
              </span>
              <div>
                <h3 className="font-semibold">
                  <FormattedMessage id={`guide.steps.${n}.title`} />
                </h3>
                <p className="text-stone-700">
                  <FormattedMessage id={`guide.steps.${n}.text`} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <BulletSection id="tips" items={TIPS.map((n) => `guide.tips.${n}` as const)} />
      <AffiliateLink />
      <nav className="flex flex-wrap gap-3">
        <Link href="/" className="rounded-lg border border-stone-300 bg-white px-4 py-2 hover:bg-stone-100">
          <FormattedMessage id="guide.home" />
        </Link>
        {/* "Create a stone" goes to / — where the creator opens. */}
        <Link href="/?create" className="rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700">
          <FormattedMessage id="guide.create" />
        </Link>
      </nav>
    </article>
  );
}

/** A titled list: the guide's text `guide.{id}.title`, then its items' texts. */
function BulletSection({ id, items }: { id: 'materials' | 'tips'; items: readonly MessageId[] }) {
  return (
    <section aria-labelledby={`guide-${id}`} className="space-y-3">
      <h2 id={`guide-${id}`} className="text-2xl font-semibold">
        <FormattedMessage id={`guide.${id}.title`} />
      </h2>
      <ul className="list-disc space-y-1 pl-6">
        {items.map((item) => (
          <li key={item}>
            <FormattedMessage id={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
