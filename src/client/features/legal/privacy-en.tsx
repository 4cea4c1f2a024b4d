import type { ReactNode } from 'react';
import type { LegalTexts } from './legal-parts';
import { Contact, Missing, OptOut, Section } from './legal-parts';

/** The privacy notice in English, a translation of privacyDe (privacy-de.tsx), which binds; `binding` says so. */
export const privacyEn = (binding: ReactNode): LegalTexts['privacy'] => ({
  title: 'Privacy policy',
  body: ({ legal, productName, analyticsId, findPhotoPendingDays }) => (
    <>
      {binding}
      <Section title="1. Controller">
        <Contact legal={legal} missing="not given" />
        <p>E-mail: {legal.email ?? <Missing name="LEGAL_EMAIL" />}</p>
      </Section>
      <Section title="2. Hosting at Cloudflare">
        <p>
          {productName} runs on Cloudflare, Inc. (101 Townsend St, San Francisco, CA 94107, USA): pages, database, photos and e-mail. When
          you visit, Cloudflare processes technically necessary data such as your IP address, the time and the address requested, to deliver
          the site and protect it from attacks (Art. 6 (1) (f) GDPR). We also use the IP address briefly to limit abuse (too many requests
          in a short time); it is not stored. Our logs contain no IP or e-mail addresses and no secret links; Cloudflare keeps them for 7
          days at most. Cloudflare is certified under the EU-US Data Privacy Framework; standard contractual clauses apply in addition.
        </p>
      </Section>
      <Section title="3. Creating and managing stones">
        <p>
          When you create a stone we store your e-mail address, the stone's name and, if you add them, its story and photos (Art. 6 (1) (b)
          GDPR: you use our service). Your e-mail address is never public; we use it to send you the link to manage the stone and news of
          its finds. Photos are stripped of metadata when uploaded (e.g. GPS position and camera data in EXIF). The data is kept until you
          or we delete the stone.
        </p>
        <p>
          On the management page you can delete the stone yourself at any time: its finds, photos, subscriptions, e-mails and preview images
          go with it, at once. There you can also download all of your stone's data and make every management link invalid at once, should
          one have reached the wrong hands. Management links we send you later by e-mail work for 30 days; the link from the creation works
          until you make it invalid.
        </p>
      </Section>
      <Section title="4. Finds and their places">
        <p>
          Whoever finds a stone logs a place – by hand, by address search, by clicking the map or with the browser's location (only if you
          allow it). Place, position, comment and time are public on the stone's page. If you choose "About 1 km" or "Only the area", we
          round the position before it is stored, and the place shown is only the town (for "About 1 km" with its district) – without
          street, house number or postcode, everywhere: on the page, in journey files, in e-mails, for the owner and for us. The legal basis
          is Art. 6 (1) (b) GDPR.
        </p>
        <p>
          For the address search and the name of a place our server asks OpenStreetMap Nominatim (OpenStreetMap Foundation, United Kingdom)
          – with your search or the rounded position, never with your IP address. To recognise repeated entries we keep a value made from
          your IP address with a secret key for one hour, never the address itself.
        </p>
        <p>
          A photo of your find is seen first by the stone's owner only; it is public once they approve it. If the owner does not decide
          within {findPhotoPendingDays} days, we delete it. You give an e-mail address only if you want to follow the stone; it is never
          public and is stored only with that subscription.
        </p>
        <p>
          If you report a find, we store the reason, your note and a value made from your IP address with a secret key, to recognise
          repeated reports. We delete that value as soon as we have dealt with the report, at the latest after 30 days.
        </p>
      </Section>
      <Section title="5. Maps">
        <p>
          The maps load their tiles directly from OpenFreeMap (openfreemap.org), which receives your IP address and the part of the map
          shown (Art. 6 (1) (f) GDPR: showing a stone's journey).
        </p>
      </Section>
      <Section title="6. E-mails, notifications and double opt-in">
        <p>
          You receive notifications about a stone only after confirming your address with the link in a confirmation e-mail (double opt-in,
          Art. 6 (1) (a) GDPR). We delete unconfirmed addresses after 7 days. Every notification contains a link to unsubscribe with one
          click. We send e-mail through Cloudflare Email Service or Resend (Resend, Inc., USA), which receive the recipient's address and
          the content. We delete mail records after 30 days.
        </p>
        <p>
          You choose how often you hear: for every find, in one letter a day or a week. Until the letter the finds wait with us and then go
          out with it. Instead of e-mail you can also get a notification on your device (Web Push, Art. 6 (1) (a) GDPR): we then store the
          address your browser gives us at its push service (Google, Mozilla, Apple or Microsoft, depending on the browser) and keys that
          encrypt every message so that only your device can read it. You switch it off again on the stone's page; when the push service
          reports the address as invalid, we delete it.
        </p>
        <p>
          Whoever makes a stone or a collection may enter a memorial day (day and month, such as a birthday). On that day – without one, on
          the anniversary of its creation – we send the owner a letter about the past year; followers get it only when they choose it. Only
          the owner and the followers who may get the letter see the day; we never show it publicly. It is deleted with the stone or the
          collection.
        </p>
      </Section>
      <Section title="7. Payments through Stripe">
        <p>
          You pay for premium features through Stripe Payments Europe, Ltd. (Dublin, Ireland). You enter your payment details directly at
          Stripe; we only receive the result and the amount and, later, whether and how much was refunded or whether the payment was
          disputed, which we tell you by e-mail (Art. 6 (1) (b) and (c) GDPR). Orders that never became a stone are deleted after 30 days.
          If you delete a paid stone, we keep the order without your e-mail address, title and story for as long as tax and commercial
          retention duties require.
        </p>
      </Section>
      <Section title="8. Protection against abuse (Google reCAPTCHA)">
        <p>
          When a stone is created, Google reCAPTCHA v3 (Google Ireland Limited, Dublin) checks that a human creates it. reCAPTCHA is loaded
          only when you open the form to create a stone and evaluates data such as your IP address and mouse movements (Art. 6 (1) (f) GDPR:
          protection against automated entries). Google's privacy policy and terms apply.
        </p>
      </Section>
      <Section title="9. Web analytics (Google Analytics)">
        <p>
          Only if you allow "Statistics" in the cookie notice do we use Google Analytics 4 (Google Ireland Limited) with a shortened IP
          address to understand how the site is used (Art. 6 (1) (a) GDPR, § 25 (1) TDDDG). Before that, no script from Google is loaded. On
          pages with a secret address – management links, links from e-mails, the operator's area and the return from a payment – we never
          load it, and their addresses do not reach Google. You can change your choice at any time with "Cookie settings" at the bottom of
          every page.
        </p>
        {analyticsId ? (
          <OptOut
            analyticsId={analyticsId}
            label="Deactivate Google Analytics for this site"
            done="Analytics was deactivated for this site."
          />
        ) : null}
      </Section>
      <Section title="10. Storage in your browser">
        <p>
          Necessary and without consent: your cookie choice, your language, which stones have already welcomed you, finds waiting to be sent
          without a connection (with their photo and e-mail address, until they are sent), the stone pages opened last for viewing without a
          connection and – only in the admin area – the login. When you pay, the browser keeps the stone's details in the session until the
          payment is complete.
        </p>
      </Section>
      <Section title="11. Deletion and backups">
        <p>
          What is deleted is no longer shown at once; copies cached in Cloudflare's other data centres expire within a minute. In the
          database's backups it stays for 30 days at most, then it is gone there too.
        </p>
      </Section>
      <Section title="12. Your rights">
        <p>
          You have the right of access, rectification, erasure, restriction of processing, data portability and objection (Art. 15–21 GDPR)
          and the right to withdraw consent at any time for the future. Write to the address above. You may also lodge a complaint with a
          data protection supervisory authority.
        </p>
      </Section>
    </>
  ),
});
