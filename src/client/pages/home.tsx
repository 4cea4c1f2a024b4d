import { useEffect } from 'react';
import { AffiliateLink } from '../features/affiliate/affiliate-link';
import { useCreator } from '../features/creator/creator';
import { useFindDialog } from '../features/find-dialog/find-dialog';
import { StatisticsBand } from '../features/statistics/statistics';
import { useConfig } from '../lib/config';
import type { MessageId } from '../lib/intl';
import { FormattedMessage } from '../lib/intl-react';
import { Link, useRouter } from '../lib/router';
import { Button } from '../ui/button';

const features = ['code', 'map', 'mail', 'memory'] as const;
const steps = ['step1', 'step2', 'step3', 'step4'] as const;
const faqs = ['tracking', 'pricing', 'preparation', 'notifications'] as const;
/** The hero's three actions share one size (`text-base!` wins over the button's own text-sm). */
const heroAction = 'min-h-12 text-base!';

export default function HomePage() {
  const { productName } = useConfig();
  const findDialog = useFindDialog();
  const creator = useCreator();
  const { location, navigate } = useRouter();
  // A stone that could not be made after a payment comes back here with ?error=payment-failed.
  const paymentFailed = new URLSearchParams(location.search).get('error') === 'payment-failed';
  // "Create a stone" on another page leads here with ?create: the creator opens, the address loses the flag.
  const wantsCreator = new URLSearchParams(location.search).has('create');
  useEffect(() => {
    if (!wantsCreator) return;
    creator.open();
    navigate('/', { replace: true });
  }, [wantsCreator, creator, navigate]);
  return (
    <>
      {paymentFailed ? (
        <p role="alert" className="mx-auto mt-4 max-w-6xl rounded-lg bg-red-50 px-4 py-3 text-red-800">
          <FormattedMessage id="home.paymentFailed" />
        </p>
      ) : null}
      <section className="bg-gradient-to-b from-amber-50 to-stone-50">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-8 sm:py-24 lg:grid-cols-[1fr_auto]">
          {/* On a phone the main action comes right after the heading, on the first screen even while the cookie
              banner is open; the text follows it. Wider screens keep heading, text, actions. */}
          <div className="flex flex-col">
            <p className="text-sm font-semibold uppercase tracking-wider text-amber-700">{productName}</p>
            <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-stone-900 sm:text-5xl">
              <FormattedMessage id="home.hero.title" />
            </h1>
            <p className="order-last mt-6 max-w-2xl text-lg text-stone-700 sm:order-none sm:mt-4">
              <FormattedMessage id="home.hero.text" />
            </p>
            {/* One size for all three (rows of equal height, the column's width), in every language's length. */}
            <div className="mt-6 grid auto-rows-fr gap-3 sm:mt-8 sm:max-w-sm">
              <Button onClick={findDialog.open} className={heroAction}>
                <FormattedMessage id="home.hero.find" />
              </Button>
              <Button variant="secondary" onClick={creator.open} className={heroAction}>
                <FormattedMessage id="home.hero.create" />
              </Button>
              <Link
                href="#how"
                className={`${heroAction} inline-flex items-center justify-center rounded-lg px-4 py-2 border border-stone-300 bg-white font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600`}
              >
                <FormattedMessage id="home.hero.how" />
              </Link>
            </div>
          </div>
          {/* A drawing of a painted stone (public/images/LICENSE.md); it decorates, the heading says what the page is. */}
          <img
            src="/images/hero-stone.svg"
            alt=""
            width={480}
            height={360}
            fetchPriority="low"
            className="mx-auto hidden w-full max-w-sm sm:block lg:max-w-md"
          />
        </div>
      </section>

      <StatisticsBand />

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
        <Heading name="features" title="home.features.title" />
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((f) => (
            <li key={f} className="rounded-2xl border border-stone-200 bg-white p-5">
              <h3 className="font-semibold">
                <FormattedMessage id={`home.features.${f}.title`} />
              </h3>
              <p className="mt-2 text-sm text-stone-600">
                <FormattedMessage id={`home.features.${f}.text`} />
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section id="how" aria-labelledby="how-title" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4">
          <Heading name="how" title="home.how.title" />
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((s, i) => (
              <li key={s} className="rounded-2xl bg-stone-50 p-5">
                <span className="flex size-8 items-center justify-center rounded-full bg-amber-600 font-bold text-white" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="mt-3 font-semibold">
                  <FormattedMessage id={`home.how.${s}.title`} />
                </h3>
                <p className="mt-1 text-sm text-stone-600">
                  <FormattedMessage id={`home.how.${s}.text`} />
                </p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-title" className="mx-auto max-w-3xl scroll-mt-4 px-4 py-16">
        <Heading name="faq" title="home.faq.title" />
        <div className="mt-6 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {faqs.map((q) => (
            <details key={q} className="group p-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
                <FormattedMessage id={`home.faq.${q}.q`} />
                <span aria-hidden="true" className="text-amber-700 transition-transform group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <p className="mt-2 text-stone-600">
                <FormattedMessage id={`home.faq.${q}.a`} />
              </p>
            </details>
          ))}
        </div>
      </section>

      <section id="about" aria-labelledby="about-title" className="scroll-mt-4 bg-white py-16">
        <div className="mx-auto max-w-3xl px-4">
          <Heading name="about" title="home.about.title" />
          <p className="mt-4 text-lg text-stone-700">
            <FormattedMessage id="home.about.text" />
          </p>
        </div>
      </section>

      <section id="widmung" aria-labelledby="dedication-title" className="mx-auto max-w-3xl scroll-mt-4 px-4 py-16 text-center">
        <Heading name="dedication" title="home.dedication.title" />
        <p className="mt-4 text-lg italic text-stone-700">
          <FormattedMessage id="home.dedication.text" />
        </p>
      </section>

      <div className="mx-auto max-w-3xl px-4 pb-16">
        <AffiliateLink />
      </div>
    </>
  );
}

/** A section's heading (its text `title`), which also names the section (`aria-labelledby="{name}-title"`). */
function Heading({ name, title }: { name: string; title: MessageId }) {
  return (
    <h2 id={`${name}-title`} className="text-3xl font-bold">
      <FormattedMessage id={title} />
    </h2>
  );
}
