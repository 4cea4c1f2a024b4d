import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { FollowAddress, PushAddress } from '../../../shared/api-routes';
import { api, apiErrorMessage } from '../../lib/api';
import { localStore } from '../../lib/browser-storage';
import { useConfig } from '../../lib/config';
import { useHydrated } from '../../lib/hydrated';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmailField } from '../../ui/field';
import { useToast } from '../../ui/toast';

/** The form's check (valibot and the schema): loaded when the form is first used, not with the page. */
const loadCheck = () => import('./check');
const prefetchCheck = () => void loadCheck().catch(() => {});

interface SubscribeCardProps {
  /** Where the follow goes: a stone's `/api/stones/{code}/notifications`, a collection's `/api/collections/{id}/notifications`. */
  path: FollowAddress;
  /** Where a push subscription goes, and what it follows (`stone:<code>`, `collection:<id>`). */
  push: { address: PushAddress; target: string };
  /** The card's heading and text, when it is not a stone's. */
  titleId?: MessageId;
  textId?: MessageId;
}

/** The push option's code and texts: loaded when a follower chooses it, or when this browser follows already. */
const PushOption = lazy(() => import('../push/push-option'));

/**
 * "Benachrichtigung auf diesem Gerät", where the browser can have push messages and the site sends them: a button
 * until it is chosen (then the option's code loads), the option itself when this browser follows already.
 */
function PushSlot({ address, target }: { address: PushAddress; target: string }) {
  const hydrated = useHydrated();
  const { pushEnabled } = useConfig();
  const [chosen, setChosen] = useState(false);
  if (!hydrated || !pushEnabled || !('PushManager' in window) || !('serviceWorker' in navigator)) return null;
  if (chosen || localStore()?.getItem(`push:${target}`))
    return (
      <Suspense fallback={null}>
        <PushOption address={address} target={target} start={chosen} />
      </Suspense>
    );
  return (
    <div className="mt-4 border-t border-stone-100 pt-4">
      <Button variant="secondary" onClick={() => setChosen(true)}>
        <FormattedMessage id="stone-aside.push.choose" />
      </Button>
    </div>
  );
}

/** Subscribe an e-mail address to the find notifications of a stone or of a whole collection. */
export function SubscribeCard({
  path,
  push,
  titleId = 'stone-aside.subscribe.title',
  textId = 'stone-aside.subscribe.text',
}: SubscribeCardProps) {
  const intl = useIntl();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  // The card may be hydrated after its HTML was shown (the stone page loads it lazily): an address typed before
  // is kept, not replaced by the empty state.
  useEffect(() => {
    const field = form.current?.elements.namedItem('email');
    if (field instanceof HTMLInputElement && field.value) setEmail(field.value);
  }, []);
  const mutation = useMutation({
    mutationFn: (body: { email: string }) => api(path, { method: 'POST', json: body }),
    onSuccess: () => {
      toast({
        title: intl.formatMessage({ id: 'stone-aside.subscribe.success' }),
        description: intl.formatMessage({ id: 'stone-aside.subscribe.confirmHint' }),
      });
      setEmail('');
    },
    onError: (err) => {
      toast({
        title: intl.formatMessage({ id: 'stone-aside.subscribe.error' }),
        description: apiErrorMessage(err) ?? err.message,
        variant: 'error',
      });
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let checkSubscription: typeof import('./check').checkSubscription;
    try {
      ({ checkSubscription } = await loadCheck());
    } catch (err) {
      toast({ title: intl.formatMessage({ id: 'stone-aside.subscribe.error' }), description: (err as Error).message, variant: 'error' });
      return;
    }
    const result = checkSubscription({ email });
    if (result.refusals) {
      setError(intl.formatMessage({ id: result.refusals[0]?.message ?? 'core.email.invalid' }));
      return;
    }
    setError(null);
    mutation.mutate(result.output);
  };

  return (
    <Card aria-labelledby="subscribe-title">
      <h2 id="subscribe-title" className="text-lg font-semibold">
        <FormattedMessage id={titleId} />
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        <FormattedMessage id={textId} />
      </p>
      <form ref={form} onSubmit={submit} onFocus={prefetchCheck} onPointerDown={prefetchCheck} noValidate className="mt-4 space-y-3">
        <EmailField
          label={intl.formatMessage({ id: 'stone-aside.subscribe.email' })}
          required
          value={email}
          onValue={setEmail}
          error={error}
        />
        <Button type="submit" disabled={mutation.isPending || !hydrated}>
          <FormattedMessage id={mutation.isPending ? 'stone-aside.subscribe.submitting' : 'stone-aside.subscribe.submit'} />
        </Button>
      </form>
      <PushSlot {...push} />
    </Card>
  );
}
