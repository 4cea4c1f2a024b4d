import type { LegalTexts } from './legal-parts';
import { Contact, Missing, Section } from './legal-parts';
import { privacyDe } from './privacy-de';

/** The legal pages in German: the binding version. */
export const legalDe: LegalTexts = {
  imprint: {
    title: 'Impressum',
    body: ({ legal, productName }) => (
      <>
        <Section title="Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)">
          <Contact legal={legal} missing="nicht angegeben" />
        </Section>
        <Section title="Kontakt">
          <p>
            E-Mail: {legal.email ?? <Missing name="LEGAL_EMAIL" />}
            {legal.phone ? (
              <>
                <br />
                Telefon: {legal.phone}
              </>
            ) : null}
          </p>
        </Section>
        {legal.vatId ? (
          <Section title="Umsatzsteuer-ID">
            <p>Umsatzsteuer-Identifikationsnummer gemäß § 27 a Umsatzsteuergesetz: {legal.vatId}</p>
          </Section>
        ) : null}
        <Section title="Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV">
          <p>{legal.name ?? <Missing name="LEGAL_NAME" />} (Anschrift wie oben)</p>
        </Section>
        <Section title="Inhalte von Nutzerinnen und Nutzern">
          <p>
            Titel, Geschichten, Fotos, Fundorte und Kommentare auf den Seiten der Steine stammen von den Menschen, die die Steine erstellt
            oder gefunden haben. Wir prüfen sie nicht vorab. Melde uns Inhalte, die Rechte verletzen, an die oben genannte E-Mail-Adresse;
            wir entfernen sie dann umgehend.
          </p>
        </Section>
        <Section title="Streitbeilegung">
          <p>
            Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.{' '}
            {productName} ist ein Angebot der oben genannten Person.
          </p>
        </Section>
      </>
    ),
  },
  privacy: privacyDe,
  terms: {
    title: 'Allgemeine Geschäftsbedingungen',
    body: ({ legal, productName }) => (
      <>
        <Section title="1. Geltungsbereich und Anbieter">
          <p>
            Diese Bedingungen gelten für alle Bestellungen bei {productName}. Anbieter ist {legal.name ?? <Missing name="LEGAL_NAME" />}{' '}
            (siehe Impressum).
          </p>
        </Section>
        <Section title="2. Leistungen">
          <p>
            {productName} verkauft ausschließlich digitale Leistungen: einen Stein mit Code, QR-Code und eigener Seite (kostenlos) sowie die
            Premium-Funktionen Fotos und Geschichte. Es werden keine physischen Waren verschickt; den Stein selbst bemalst und legst du aus.
          </p>
        </Section>
        <Section title="3. Vertragsschluss und Zahlung">
          <p>
            Mit dem Klick auf „Bezahlen und erstellen“ gibst du ein verbindliches Angebot ab; der Vertrag kommt zustande, wenn die Zahlung
            erfolgreich ist und der Stein angelegt wird. Bezahlt wird per Karte über den Zahlungsdienstleister Stripe. Alle Preise sind
            Endpreise.
          </p>
        </Section>
        <Section title="4. Widerrufsrecht">
          <p>
            Als Verbraucherin oder Verbraucher hast du grundsätzlich ein Widerrufsrecht von 14 Tagen. Es erlischt bei digitalen Inhalten,
            sobald wir mit der Bereitstellung begonnen haben, nachdem du ausdrücklich zugestimmt hast, dass wir vor Ablauf der
            Widerrufsfrist beginnen, und du bestätigt hast, dass du dadurch dein Widerrufsrecht verlierst (§ 356 Abs. 5 BGB). Das ist der
            Fall, sobald der Stein nach der Zahlung angelegt ist.
          </p>
        </Section>
        <Section title="5. Nutzungsrecht">
          <p>
            Du erhältst ein einfaches, persönliches und nicht übertragbares Recht, die Seite deines Steins und seine Funktionen zu nutzen.
            Für Inhalte, die du hochlädst (Titel, Geschichte, Fotos), bist du verantwortlich; sie dürfen keine Rechte anderer verletzen. Wir
            dürfen rechtswidrige Inhalte entfernen.
          </p>
        </Section>
        <Section title="6. Verfügbarkeit">
          <p>Wir bemühen uns um einen dauerhaften Betrieb, können aber keine ununterbrochene Verfügbarkeit zusagen.</p>
        </Section>
        <Section title="7. Anwendbares Recht">
          <p>
            Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Zwingende Verbraucherschutzvorschriften des
            Staates, in dem du lebst, bleiben unberührt.
          </p>
        </Section>
      </>
    ),
  },
};
