import { useEffect, useRef, useState } from 'react';
import { type PushAddress, pushKeyAddress } from '../../../shared/api-routes';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { FREQUENCIES, type Frequency } from '../../../shared/schemas/notify';
import { api } from '../../lib/api';
import { localStore } from '../../lib/browser-storage';
import { FormattedMessage } from '../../lib/intl-react';
import { Button } from '../../ui/button';
import { FrequencyChoice } from '../../ui/frequency-choice';

const LABELS: Record<Frequency, MessageId> = {
  instant: 'stone-aside.push.instant',
  daily: 'stone-aside.push.daily',
  weekly: 'stone-aside.push.weekly',
};

/** The key's bytes, as `PushManager.subscribe()` takes them (the site's public key is base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** This browser's push subscription, made once for the site's key (the service worker shows the messages). */
async function browserSubscription(): Promise<PushSubscription> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => navigator.serviceWorker.ready);
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  const { publicKey } = await api(pushKeyAddress());
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

type State = { kind: 'off' } | { kind: 'on'; frequency: Frequency } | { kind: 'denied' } | { kind: 'failed' };

/**
 * "Benachrichtigung auf diesem Gerät" (decision record 038), loaded when a follower chooses it or when this browser
 * follows the stone or collection already: asks the browser's permission, subscribes it at its push service and
 * hands the site that subscription (no e-mail address); then how often, or off. Which targets this browser follows
 * is kept in the browser (`push:<target>`), so the page shows it again.
 */
export default function PushOption({ address, target, start }: { address: PushAddress; target: string; start: boolean }) {
  const key = `push:${target}`;
  const stored = localStore()?.getItem(key);
  const [state, setState] = useState<State>(
    stored && (FREQUENCIES as readonly string[]).includes(stored) ? { kind: 'on', frequency: stored as Frequency } : { kind: 'off' },
  );
  const [busy, setBusy] = useState(false);
  const follow = async (frequency: Frequency) => {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setState({ kind: 'denied' });
        return;
      }
      const subscription = (await browserSubscription()).toJSON();
      await api(address, { method: 'POST', json: { endpoint: subscription.endpoint ?? '', keys: subscription.keys ?? {}, frequency } });
      localStore()?.setItem(key, frequency);
      setState({ kind: 'on', frequency });
    } catch {
      setState({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };
  const stop = async () => {
    setBusy(true);
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) await api(address, { method: 'DELETE', json: { endpoint: subscription.endpoint } });
      localStore()?.removeItem(key);
      setState({ kind: 'off' });
    } catch {
      setState({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };
  // Loaded by the follower's click on the card's button: that click asks, once, as this button's would.
  const asked = useRef(false);
  useEffect(() => {
    if (!start || asked.current || state.kind !== 'off') return;
    asked.current = true;
    void follow('instant');
  });
  return (
    <div className="mt-4 space-y-2 border-t border-stone-100 pt-4" data-testid="push-option">
      {state.kind === 'on' ? (
        <>
          <p role="status" className="text-sm text-stone-800">
            <FormattedMessage id="stone-aside.push.on" />
          </p>
          <FrequencyChoice
            name={`push-${target}`}
            legend="stone-aside.push.legend"
            choices={FREQUENCIES}
            labels={LABELS}
            value={state.frequency}
            disabled={busy}
            onChange={(next) => void follow(next as Frequency)}
          />
          <Button variant="secondary" disabled={busy} onClick={() => void stop()}>
            <FormattedMessage id="stone-aside.push.stop" />
          </Button>
        </>
      ) : (
        <>
          {state.kind === 'denied' || state.kind === 'failed' ? (
            <p role="alert" className="text-sm text-red-800">
              <FormattedMessage id={state.kind === 'denied' ? 'stone-aside.push.denied' : 'stone-aside.push.failed'} />
            </p>
          ) : null}
          <Button variant="secondary" disabled={busy} onClick={() => void follow('instant')}>
            <FormattedMessage id="stone-aside.push.choose" />
          </Button>
        </>
      )}
    </div>
  );
}
