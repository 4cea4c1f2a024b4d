/**
 * Web Push's settings (decision record 038): `VAPID_PUBLIC_KEY` (the uncompressed P-256 point, 65 bytes in
 * base64url, as browsers take it for `applicationServerKey`), the secret `VAPID_PRIVATE_KEY` (its 32-byte scalar,
 * base64url) and `VAPID_SUBJECT` (whom push services may contact: `mailto:` or `https:`). Without a valid pair push
 * is off, and says so; it switches nothing else off.
 */
export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const read = (settings: object, name: string) => {
  const value = (settings as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.trim() : '';
};
const PUBLIC_KEY = /^B[A-Za-z0-9_-]{86}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;
const SUBJECT = /^(?:mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/;

/** What keeps push off, as the settings check reports it: each a setting and its problem. */
export function pushProblems(settings: object): Array<{ setting: string; problem: string }> {
  const problems: Array<{ setting: string; problem: string }> = [];
  const publicKey = read(settings, 'VAPID_PUBLIC_KEY');
  const privateKey = read(settings, 'VAPID_PRIVATE_KEY');
  if (!publicKey) problems.push({ setting: 'VAPID_PUBLIC_KEY', problem: 'is not set: push messages are off' });
  else if (!PUBLIC_KEY.test(publicKey))
    problems.push({ setting: 'VAPID_PUBLIC_KEY', problem: 'is not a P-256 public key in base64url: push messages are off' });
  if (!privateKey) problems.push({ setting: 'VAPID_PRIVATE_KEY', problem: 'is not set: push messages are off' });
  else if (!PRIVATE_KEY.test(privateKey))
    problems.push({ setting: 'VAPID_PRIVATE_KEY', problem: 'is not a P-256 private key in base64url: push messages are off' });
  if (!SUBJECT.test(read(settings, 'VAPID_SUBJECT')))
    problems.push({ setting: 'VAPID_SUBJECT', problem: 'is neither a mailto: nor an https: address: push messages are off' });
  return problems;
}

/** The keys to sign push messages with, or null: push is off. */
export function vapidKeys(settings: object): VapidKeys | null {
  if (pushProblems(settings).length) return null;
  return {
    subject: read(settings, 'VAPID_SUBJECT'),
    publicKey: read(settings, 'VAPID_PUBLIC_KEY'),
    privateKey: read(settings, 'VAPID_PRIVATE_KEY'),
  };
}
