import type { LegalTexts } from './legal-parts';
import { Contact, Missing, Section } from './legal-parts';
import { privacyEn } from './privacy-en';

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
  privacy: privacyEn(BINDING),
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
