import type { LegalTexts } from './legal-parts';
import { Contact, Missing, OptOut, Section } from './legal-parts';

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
  privacy: {
    title: 'Datenschutzerklärung',
    body: ({ legal, productName, analyticsId }) => (
      <>
        <Section title="1. Verantwortlicher">
          <Contact legal={legal} missing="nicht angegeben" />
          <p>E-Mail: {legal.email ?? <Missing name="LEGAL_EMAIL" />}</p>
        </Section>
        <Section title="2. Hosting bei Cloudflare">
          <p>
            {productName} läuft bei Cloudflare, Inc. (101 Townsend St, San Francisco, CA 94107, USA): Seiten, Datenbank, Fotos und
            E-Mail-Versand. Beim Aufruf verarbeitet Cloudflare technisch nötige Daten wie deine IP-Adresse, den Zeitpunkt und die
            aufgerufene Adresse, um die Seite auszuliefern und vor Angriffen zu schützen (Art. 6 Abs. 1 lit. f DSGVO). Die IP-Adresse nutzen
            wir außerdem kurzzeitig, um Missbrauch zu begrenzen (zu viele Anfragen in kurzer Zeit). Cloudflare ist nach dem EU-US Data
            Privacy Framework zertifiziert; zusätzlich gelten Standardvertragsklauseln.
          </p>
        </Section>
        <Section title="3. Steine erstellen">
          <p>
            Wenn du einen Stein erstellst, speichern wir deine E-Mail-Adresse, den Namen des Steins und, wenn du sie hinzufügst, seine
            Geschichte und Fotos (Art. 6 Abs. 1 lit. b DSGVO: du nutzt unseren Dienst). Deine E-Mail-Adresse ist nie öffentlich sichtbar;
            wir senden dir damit den Link zur Verwaltung und eine E-Mail bei jedem Fund. Fotos werden beim Hochladen von Metadaten befreit
            (z. B. GPS-Position und Kameradaten in EXIF). Die Daten bleiben gespeichert, bis du oder wir den Stein löschen.
          </p>
        </Section>
        <Section title="4. Funde und ihre Orte">
          <p>
            Wer einen Stein findet, trägt einen Fundort ein – von Hand, per Adresssuche, per Klick auf die Karte oder mit der
            Standortfreigabe des Browsers (nur, wenn du sie erlaubst). Fundort, Position, Kommentar und Zeit sind auf der Seite des Steins
            öffentlich. Eine freiwillig angegebene E-Mail-Adresse ist nie öffentlich. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO.
          </p>
        </Section>
        <Section title="5. E-Mails, Benachrichtigungen und Double-Opt-in">
          <p>
            Benachrichtigungen zu einem Stein erhältst du erst, nachdem du deine Adresse über den Link in einer Bestätigungs-E-Mail
            bestätigt hast (Double-Opt-in, Art. 6 Abs. 1 lit. a DSGVO). Nicht bestätigte Adressen löschen wir nach 7 Tagen. Jede
            Benachrichtigung enthält einen Link, mit dem du sie mit einem Klick abbestellst. E-Mails versenden wir über Cloudflare Email
            Service oder Resend (Resend, Inc., USA); dafür werden Empfängeradresse und Inhalt an den Versanddienst übermittelt.
            Versandprotokolle löschen wir nach 30 Tagen.
          </p>
        </Section>
        <Section title="6. Zahlungen über Stripe">
          <p>
            Für Premium-Funktionen zahlst du über Stripe Payments Europe, Ltd. (Dublin, Irland). Deine Zahlungsdaten gibst du direkt bei
            Stripe ein; wir erhalten nur das Ergebnis der Zahlung und den Betrag (Art. 6 Abs. 1 lit. b und c DSGVO, steuerliche
            Aufbewahrungspflichten).
          </p>
        </Section>
        <Section title="7. Schutz vor Missbrauch (Google reCAPTCHA)">
          <p>
            Beim Erstellen eines Steins prüft Google reCAPTCHA v3 (Google Ireland Limited, Dublin), ob ein Mensch den Stein anlegt.
            reCAPTCHA wird erst geladen, wenn du das Formular zum Erstellen öffnest, und wertet dabei Daten wie IP-Adresse und
            Mausbewegungen aus (Art. 6 Abs. 1 lit. f DSGVO: Schutz vor automatisierten Einträgen). Es gelten die Datenschutzerklärung und
            die Nutzungsbedingungen von Google.
          </p>
        </Section>
        <Section title="8. Webanalyse (Google Analytics)">
          <p>
            Nur wenn du im Cookie-Hinweis „Statistik“ erlaubst, nutzen wir Google Analytics 4 (Google Ireland Limited) mit gekürzter
            IP-Adresse, um zu verstehen, wie die Seite genutzt wird (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG). Vorher wird kein Skript
            von Google geladen. Deine Wahl kannst du jederzeit über „Cookie-Einstellungen“ am Ende jeder Seite ändern.
          </p>
          {analyticsId ? (
            <OptOut
              analyticsId={analyticsId}
              label="Google Analytics für diese Website deaktivieren"
              done="Die Analyse wurde für diese Website deaktiviert."
            />
          ) : null}
        </Section>
        <Section title="9. Speicher im Browser">
          <p>
            Notwendig und ohne Einwilligung: deine Cookie-Auswahl, welche Steine dich schon begrüßt haben, und – nur im Admin-Bereich – die
            Anmeldung. Beim Bezahlen speichert der Browser die Angaben zum Stein kurz in der Sitzung, bis die Zahlung abgeschlossen ist.
          </p>
        </Section>
        <Section title="10. Deine Rechte">
          <p>
            Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch
            (Art. 15–21 DSGVO) sowie das Recht, eine Einwilligung jederzeit für die Zukunft zu widerrufen. Schreib uns dazu an die oben
            genannte Adresse. Du kannst dich außerdem bei einer Datenschutz-Aufsichtsbehörde beschweren.
          </p>
        </Section>
      </>
    ),
  },
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
