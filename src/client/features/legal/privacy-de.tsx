import type { LegalTexts } from './legal-parts';
import { Contact, Missing, OptOut, Section } from './legal-parts';

/**
 * The privacy notice in German, the binding text. It says what docs/privacy.md, the inventory of personal data,
 * says: every processor and every lifetime there is named here (tests/worker/privacy-inventory.queries.test.ts).
 */
export const privacyDe: LegalTexts['privacy'] = {
  title: 'Datenschutzerklärung',
  body: ({ legal, productName, analyticsId, findPhotoPendingDays }) => (
    <>
      <Section title="1. Verantwortlicher">
        <Contact legal={legal} missing="nicht angegeben" />
        <p>E-Mail: {legal.email ?? <Missing name="LEGAL_EMAIL" />}</p>
      </Section>
      <Section title="2. Hosting bei Cloudflare">
        <p>
          {productName} läuft bei Cloudflare, Inc. (101 Townsend St, San Francisco, CA 94107, USA): Seiten, Datenbank, Fotos und
          E-Mail-Versand. Beim Aufruf verarbeitet Cloudflare technisch nötige Daten wie deine IP-Adresse, den Zeitpunkt und die aufgerufene
          Adresse, um die Seite auszuliefern und vor Angriffen zu schützen (Art. 6 Abs. 1 lit. f DSGVO). Die IP-Adresse nutzen wir außerdem
          kurzzeitig, um Missbrauch zu begrenzen (zu viele Anfragen in kurzer Zeit); gespeichert wird sie nicht. Unsere Protokolle enthalten
          weder IP- noch E-Mail-Adressen noch geheime Links; Cloudflare bewahrt sie höchstens 7 Tage auf. Cloudflare ist nach dem EU-US Data
          Privacy Framework zertifiziert; zusätzlich gelten Standardvertragsklauseln.
        </p>
      </Section>
      <Section title="3. Steine erstellen und verwalten">
        <p>
          Wenn du einen Stein erstellst, speichern wir deine E-Mail-Adresse, den Namen des Steins und, wenn du sie hinzufügst, seine
          Geschichte und Fotos (Art. 6 Abs. 1 lit. b DSGVO: du nutzt unseren Dienst). Deine E-Mail-Adresse ist nie öffentlich sichtbar; wir
          senden dir damit den Link zur Verwaltung und Nachrichten über Funde. Fotos werden beim Hochladen von Metadaten befreit (z. B.
          GPS-Position und Kameradaten in EXIF). Die Daten bleiben gespeichert, bis du oder wir den Stein löschen.
        </p>
        <p>
          Auf der Verwaltungsseite kannst du den Stein jederzeit selbst löschen: Funde, Fotos, Abonnements, E-Mails und Vorschaubilder gehen
          mit ihm, sofort. Dort lädst du auch alle Daten deines Steins herunter und machst alle Verwaltungslinks auf einmal ungültig, wenn
          einer in falsche Hände geraten ist. Verwaltungslinks, die wir dir später per E-Mail schicken, gelten 30 Tage; der Link aus der
          Erstellung gilt, bis du ihn ungültig machst.
        </p>
      </Section>
      <Section title="4. Funde und ihre Orte">
        <p>
          Wer einen Stein findet, trägt einen Fundort ein – von Hand, per Adresssuche, per Klick auf die Karte oder mit der Standortfreigabe
          des Browsers (nur, wenn du sie erlaubst). Fundort, Position, Kommentar und Zeit sind auf der Seite des Steins öffentlich. Wählst
          du „Etwa 1 km“ oder „Nur die Gegend“, runden wir die Position, bevor sie gespeichert wird, und als Ort steht nur der Ort (bei
          „Etwa 1 km“ mit seinem Ortsteil) – ohne Straße, Hausnummer oder Postleitzahl, überall: auf der Seite, in Reisedateien, in E-Mails,
          für den Besitzer und für uns. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO.
        </p>
        <p>
          Für die Adresssuche und den Namen eines Ortes fragt unser Server OpenStreetMap Nominatim (OpenStreetMap Foundation,
          Großbritannien) – mit deiner Suche oder der gerundeten Position, nie mit deiner IP-Adresse. Um doppelte Einträge zu erkennen,
          behalten wir einen mit einem geheimen Schlüssel gebildeten Wert deiner IP-Adresse eine Stunde lang, nie die Adresse selbst.
        </p>
        <p>
          Ein Foto zu deinem Fund sieht zuerst nur der Besitzer des Steins; erst wenn er es freigibt, ist es öffentlich. Entscheidet er
          nicht innerhalb von {findPhotoPendingDays} Tagen, löschen wir es. Eine E-Mail-Adresse gibst du nur an, wenn du dem Stein folgen
          möchtest; sie ist nie öffentlich und wird nur beim Abonnement gespeichert.
        </p>
        <p>
          Meldest du einen Fund, speichern wir den Grund, deine Notiz und einen mit geheimem Schlüssel gebildeten Wert deiner IP-Adresse, um
          doppelte Meldungen zu erkennen. Diesen Wert löschen wir, sobald wir die Meldung bearbeitet haben, spätestens nach 30 Tagen.
        </p>
      </Section>
      <Section title="5. Karten">
        <p>
          Die Karten laden ihre Kacheln direkt von OpenFreeMap (openfreemap.org); dabei erhält OpenFreeMap deine IP-Adresse und den
          gezeigten Kartenausschnitt (Art. 6 Abs. 1 lit. f DSGVO: die Reise eines Steins zeigen).
        </p>
      </Section>
      <Section title="6. E-Mails, Benachrichtigungen und Double-Opt-in">
        <p>
          Benachrichtigungen zu einem Stein erhältst du erst, nachdem du deine Adresse über den Link in einer Bestätigungs-E-Mail bestätigt
          hast (Double-Opt-in, Art. 6 Abs. 1 lit. a DSGVO). Nicht bestätigte Adressen löschen wir nach 7 Tagen. Jede Benachrichtigung
          enthält einen Link, mit dem du sie mit einem Klick abbestellst. E-Mails versenden wir über Cloudflare Email Service oder Resend
          (Resend, Inc., USA); dafür werden Empfängeradresse und Inhalt an den Versanddienst übermittelt. Versandprotokolle löschen wir nach
          30 Tagen.
        </p>
        <p>
          Du wählst, wie oft du hörst: bei jedem Fund, in einem Brief am Tag oder in der Woche. Bis zum Brief warten die Funde bei uns und
          werden dann mit ihm versandt. Statt per E-Mail kannst du auch eine Benachrichtigung auf deinem Gerät bekommen (Web Push, Art. 6
          Abs. 1 lit. a DSGVO): Dann speichern wir die Adresse, die uns dein Browser bei seinem Push-Dienst nennt (Google, Mozilla, Apple
          oder Microsoft, je nach Browser), und Schlüssel, mit denen jede Nachricht so verschlüsselt wird, dass nur dein Gerät sie lesen
          kann. Du schaltest sie auf der Seite des Steins wieder aus; meldet der Push-Dienst die Adresse als ungültig, löschen wir sie.
        </p>
        <p>
          Wer einen Stein oder eine Sammlung anlegt, kann einen Gedenktag eintragen (Tag und Monat, etwa einen Geburtstag). An diesem Tag –
          ohne Gedenktag am Jahrestag der Erstellung – schicken wir dem Besitzer einen Brief über das vergangene Jahr; Folgende bekommen ihn
          nur, wenn sie ihn wählen. Den Gedenktag sehen nur der Besitzer und Folgende, die den Brief bekommen können; öffentlich zeigen wir
          ihn nie. Er wird mit dem Stein oder der Sammlung gelöscht.
        </p>
      </Section>
      <Section title="7. Zahlungen über Stripe">
        <p>
          Für Premium-Funktionen zahlst du über Stripe Payments Europe, Ltd. (Dublin, Irland). Deine Zahlungsdaten gibst du direkt bei
          Stripe ein; wir erhalten nur das Ergebnis der Zahlung und den Betrag und später, ob und wie viel erstattet oder ob die Zahlung
          angefochten wurde; davon schreiben wir dir eine E-Mail (Art. 6 Abs. 1 lit. b und c DSGVO). Bestellungen, aus denen kein Stein
          wurde, löschen wir nach 30 Tagen. Löschst du einen bezahlten Stein, behalten wir die Bestellung ohne deine E-Mail-Adresse, Titel
          und Geschichte, solange steuer- und handelsrechtliche Aufbewahrungspflichten es verlangen.
        </p>
      </Section>
      <Section title="8. Schutz vor Missbrauch (Google reCAPTCHA)">
        <p>
          Beim Erstellen eines Steins prüft Google reCAPTCHA v3 (Google Ireland Limited, Dublin), ob ein Mensch den Stein anlegt. reCAPTCHA
          wird erst geladen, wenn du das Formular zum Erstellen öffnest, und wertet dabei Daten wie IP-Adresse und Mausbewegungen aus (Art.
          6 Abs. 1 lit. f DSGVO: Schutz vor automatisierten Einträgen). Es gelten die Datenschutzerklärung und die Nutzungsbedingungen von
          Google.
        </p>
      </Section>
      <Section title="9. Webanalyse (Google Analytics)">
        <p>
          Nur wenn du im Cookie-Hinweis „Statistik“ erlaubst, nutzen wir Google Analytics 4 (Google Ireland Limited) mit gekürzter
          IP-Adresse, um zu verstehen, wie die Seite genutzt wird (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG). Vorher wird kein Skript
          von Google geladen. Auf Seiten mit geheimer Adresse – Verwaltungslinks, Links aus E-Mails, dem Betreiberbereich und der Rückkehr
          von der Zahlung – laden wir es nie, und ihre Adressen erreichen Google nicht. Deine Wahl kannst du jederzeit über
          „Cookie-Einstellungen“ am Ende jeder Seite ändern.
        </p>
        {analyticsId ? (
          <OptOut
            analyticsId={analyticsId}
            label="Google Analytics für diese Website deaktivieren"
            done="Die Analyse wurde für diese Website deaktiviert."
          />
        ) : null}
      </Section>
      <Section title="10. Speicher im Browser">
        <p>
          Notwendig und ohne Einwilligung: deine Cookie-Auswahl, deine Sprache, welche Steine dich schon begrüßt haben, Funde, die ohne
          Verbindung auf ihren Versand warten (mit Foto und E-Mail-Adresse, bis sie gesendet sind), die zuletzt geöffneten Steinseiten für
          die Ansicht ohne Verbindung und – nur im Admin-Bereich – die Anmeldung. Beim Bezahlen speichert der Browser die Angaben zum Stein
          kurz in der Sitzung, bis die Zahlung abgeschlossen ist.
        </p>
      </Section>
      <Section title="11. Löschen und Sicherungen">
        <p>
          Was gelöscht ist, zeigen wir sofort nicht mehr; Zwischenspeicher in anderen Rechenzentren von Cloudflare laufen nach spätestens
          einer Minute ab. In den Sicherungen der Datenbank bleibt es höchstens 30 Tage, dann ist es auch dort gelöscht.
        </p>
      </Section>
      <Section title="12. Deine Rechte">
        <p>
          Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch (Art.
          15–21 DSGVO) sowie das Recht, eine Einwilligung jederzeit für die Zukunft zu widerrufen. Schreib uns dazu an die oben genannte
          Adresse. Du kannst dich außerdem bei einer Datenschutz-Aufsichtsbehörde beschweren.
        </p>
      </Section>
    </>
  ),
};
