import { isLocalHost, isReservedHost } from '../lib/hosts';
import { mailbox } from '../lib/mailbox';

/** The imprint's operator details (the imprint law, § 5 DDG): without them the legal pages show red markers. */
export const LEGAL_SETTINGS = ['LEGAL_NAME', 'LEGAL_ADDRESS', 'LEGAL_EMAIL'] as const;

/** Words that stand in for an operator's details in templates and examples, never the details themselves. */
const LEGAL_PLACEHOLDER =
  /^\s*[[<{(].*[\]>})]\s*$|\b(?:todo|tbd|fixme|xxx+|lorem ipsum|(?:max|erika) muster(?:mann|frau)|musterstra(?:ß|ss)e|musterstadt)\b/i;

/** What is wrong with one of the imprint's details, or null. */
export function legalProblem(name: (typeof LEGAL_SETTINGS)[number], value: string): string | null {
  if (!value) return 'is not set';
  if (LEGAL_PLACEHOLDER.test(value)) return 'is a placeholder';
  if (name === 'LEGAL_EMAIL') {
    const host = mailbox(value).addr.split('@')[1] ?? '';
    if (!host) return 'is not a mail address';
    if (isReservedHost(host) || isLocalHost(host)) return 'is on a placeholder or local domain';
  }
  return null;
}
