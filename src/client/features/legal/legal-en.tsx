import type { LegalTexts } from './legal-parts';
import { Contact, Missing, OptOut, Section } from './legal-parts';

const BINDING = <p className="text-sm text-stone-600">This is a translation for convenience; the German version is binding.</p>;

/** The legal pages in English, for visitors who read English. */
export const legalEn: LegalTexts = {
  imprint: {
    title: 'Imprint',
    body: ({ legal, productName }) => (
      <>
        {BINDING}
        <Section title="Information according to § 5 of the German Digital Services Act (DDG)">
          <Contact legal={legal} missing="not given" />
        </Section>
        <Section title="Contact">
          <p>
            E-mail: {legal.email ?? <Missing name="LEGAL_EMAIL" />}
            {legal.phone ? (
              <>
                <br />
                Phone: {legal.phone}
              </>
            ) : null}
          </p>
        </Section>
        {legal.vatId ? (
          <Section title="VAT ID">
            <p>VAT identification number according to § 27 a of the German VAT Act: {legal.vatId}</p>
          </Section>
        ) : null}
        <Section title="Responsible for the content (§ 18 (2) MStV)">
          <p>{legal.name ?? <Missing name="LEGAL_NAME" />} (address as above)</p>
        </Section>
        <Section title="Content from users">
          <p>
            Titles, stories, photos, find locations and comments on the stone pages come from the people who created or found the stones. We
            do not review them in advance. Report content that infringes rights to the e-mail address above and we will remove it promptly.
          </p>
        </Section>
        <Section title="Dispute resolution">
          <p>
            We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.{' '}
            {productName} is offered by the person named above.
          </p>
        </Section>
      </>
    ),
  },
  privacy: {
    title: 'Privacy policy',
    body: ({ legal, productName, analyticsId }) => (
      <>
        {BINDING}
        <Section title="1. Controller">
          <Contact legal={legal} missing="not given" />
          <p>E-mail: {legal.email ?? <Missing name="LEGAL_EMAIL" />}</p>
        </Section>
        <Section title="2. Hosting at Cloudflare">
          <p>
            {productName} runs on Cloudflare, Inc. (101 Townsend St, San Francisco, CA 94107, USA): pages, database, photos and e-mail. When
            you visit, Cloudflare processes technically necessary data such as your IP address, the time and the address requested, to
            deliver the site and protect it from attacks (Art. 6 (1) (f) GDPR). We also use the IP address briefly to limit abuse (too many
            requests in a short time). Cloudflare is certified under the EU-US Data Privacy Framework; standard contractual clauses apply in
            addition.
          </p>
        </Section>
        <Section title="3. Creating stones">
          <p>
            When you create a stone we store your e-mail address, the stone's name and, if you add them, its story and photos (Art. 6 (1)
            (b) GDPR: you use our service). Your e-mail address is never public; we use it to send you the link to manage the stone and an
            e-mail for every find. Photos are stripped of metadata when uploaded (e.g. GPS position and camera data in EXIF). The data is
            kept until you or we delete the stone.
          </p>
        </Section>
        <Section title="4. Finds and their places">
          <p>
            Whoever finds a stone logs a place – by hand, by address search, by clicking the map or with the browser's location (only if you
            allow it). Place, position, comment and time are public on the stone's page. An e-mail address given voluntarily is never
            public. The legal basis is Art. 6 (1) (b) GDPR.
          </p>
        </Section>
        <Section title="5. E-mails, notifications and double opt-in">
          <p>
            You receive notifications about a stone only after confirming your address with the link in a confirmation e-mail (double
            opt-in, Art. 6 (1) (a) GDPR). We delete unconfirmed addresses after 7 days. Every notification contains a link to unsubscribe
            with one click. We send e-mail through Cloudflare Email Service or Resend (Resend, Inc., USA), which receive the recipient's
            address and the content. Sending records are deleted after 30 days.
          </p>
        </Section>
        <Section title="6. Payments through Stripe">
          <p>
            You pay for premium features through Stripe Payments Europe, Ltd. (Dublin, Ireland). You enter your payment details directly at
            Stripe; we only receive the result and the amount (Art. 6 (1) (b) and (c) GDPR, tax retention duties).
          </p>
        </Section>
        <Section title="7. Protection against abuse (Google reCAPTCHA)">
          <p>
            When a stone is created, Google reCAPTCHA v3 (Google Ireland Limited, Dublin) checks that a human creates it. reCAPTCHA is
            loaded only when you open the form to create a stone and evaluates data such as your IP address and mouse movements (Art. 6 (1)
            (f) GDPR: protection against automated entries). Google's privacy policy and terms apply.
          </p>
        </Section>
        <Section title="8. Web analytics (Google Analytics)">
          <p>
            Only if you allow "Statistics" in the cookie notice do we use Google Analytics 4 (Google Ireland Limited) with a shortened IP
            address to understand how the site is used (Art. 6 (1) (a) GDPR, § 25 (1) TDDDG). Before that, no script from Google is loaded.
            You can change your choice at any time with "Cookie settings" at the bottom of every page.
          </p>
          {analyticsId ? (
            <OptOut
              analyticsId={analyticsId}
              label="Deactivate Google Analytics for this site"
              done="Analytics was deactivated for this site."
            />
          ) : null}
        </Section>
        <Section title="9. Storage in your browser">
          <p>
            Necessary and without consent: your cookie choice, which stones have already welcomed you and – only in the admin area – the
            login. When you pay, the browser keeps the stone's details in the session until the payment is complete.
          </p>
        </Section>
        <Section title="10. Your rights">
          <p>
            You have the right of access, rectification, erasure, restriction of processing, data portability and objection (Art. 15–21
            GDPR) and the right to withdraw consent at any time for the future. Write to the address above. You may also lodge a complaint
            with a data protection supervisory authority.
          </p>
        </Section>
      </>
    ),
  },
  terms: {
    title: 'Terms and conditions',
    body: ({ legal, productName }) => (
      <>
        {BINDING}
        <Section title="1. Scope and provider">
          <p>
            These terms apply to all orders at {productName}. The provider is {legal.name ?? <Missing name="LEGAL_NAME" />} (see imprint).
          </p>
        </Section>
        <Section title="2. Services">
          <p>
            {productName} sells digital services only: a stone with a code, QR code and its own page (free) and the premium features photos
            and story. No physical goods are shipped; you paint and place the stone yourself.
          </p>
        </Section>
        <Section title="3. Contract and payment">
          <p>
            By clicking "pay and create" you make a binding offer; the contract is concluded when the payment succeeds and the stone is
            created. Payment is by card through the payment provider Stripe. All prices are final prices.
          </p>
        </Section>
        <Section title="4. Right of withdrawal">
          <p>
            As a consumer you generally have a 14-day right of withdrawal. For digital content it expires once we have begun to deliver,
            after you expressly agreed that we begin before the withdrawal period ends and confirmed that you thereby lose your right of
            withdrawal (§ 356 (5) BGB). That is the case as soon as the stone is created after payment.
          </p>
        </Section>
        <Section title="5. Right of use">
          <p>
            You receive a simple, personal and non-transferable right to use your stone's page and its features. You are responsible for
            content you upload (title, story, photos); it must not infringe the rights of others. We may remove unlawful content.
          </p>
        </Section>
        <Section title="6. Availability">
          <p>We strive for continuous operation but cannot promise uninterrupted availability.</p>
        </Section>
        <Section title="7. Applicable law">
          <p>
            German law applies, excluding the UN Convention on Contracts for the International Sale of Goods. Mandatory consumer protection
            provisions of the country you live in remain unaffected.
          </p>
        </Section>
      </>
    ),
  },
};
