import { type ReactNode, useState } from 'react';
import type { LegalDetails } from '../../../shared/initial-data';
import { Button } from '../../ui/button';

export interface LegalContext {
  legal: LegalDetails;
  productName: string;
  analyticsId: string | null;
  /** Days a finder's photo waits for the owner before it is deleted. */
  findPhotoPendingDays: number;
}

export type LegalPage = 'imprint' | 'privacy' | 'terms';

/** One language's legal pages: a title and a body made from the operator's details. */
export type LegalTexts = Record<LegalPage, { title: string; body: (context: LegalContext) => ReactNode }>;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** A detail the deployment has not configured: visible, so it is noticed and filled in (README, LEGAL_*). */
export function Missing({ name }: { name: string }) {
  return <span className="rounded bg-red-100 px-1 text-red-800">{`[${name}]`}</span>;
}

/** Name and postal address of the operator. */
export function Contact({ legal, missing }: { legal: LegalDetails; missing: string }) {
  return (
    <address className="not-italic">
      {legal.name ?? <Missing name="LEGAL_NAME" />}
      <br />
      {legal.address.length > 0 ? (
        legal.address.map((line, i) => (
          <span key={line}>
            {i > 0 ? <br /> : null}
            {line}
          </span>
        ))
      ) : (
        <>
          <Missing name="LEGAL_ADDRESS" /> <span className="sr-only">{missing}</span>
        </>
      )}
    </address>
  );
}

/** The privacy policy's analytics opt-out: a cookie until the end of 2099, and a word that it worked. */
export function OptOut({ analyticsId, label, done }: { analyticsId: string; label: string; done: string }) {
  const [off, setOff] = useState(false);
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        onClick={() => {
          void import('../consent/analytics').then(({ optOut }) => {
            optOut(analyticsId);
            setOff(true);
          });
        }}
      >
        {label}
      </Button>
      {off ? (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      ) : null}
    </div>
  );
}
