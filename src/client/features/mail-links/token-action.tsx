import { confirmSubscriptionAddress, type TokenActionAddress, unsubscribeAddress } from '../../../shared/api-routes';
import { collectionPath } from '../../../shared/collection';
import { pathTo } from '../../../shared/routes';
import { ApiRequestError, api } from '../../lib/api';
import { useHydrated } from '../../lib/hydrated';
import { FormattedMessage } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Link, useRouter } from '../../lib/router';
import { Button } from '../../ui/button';

/** What the link does: confirm a subscription (double opt-in) or end it. Its texts are `mail-links.abo.{kind}.…`. */
type TokenActionKind = 'confirm' | 'unsubscribe';

/** The API call the button makes with the link's token. */
const ENDPOINTS: Record<TokenActionKind, () => TokenActionAddress> = {
  confirm: confirmSubscriptionAddress,
  unsubscribe: unsubscribeAddress,
};

/**
 * The page a mail link opens: it acts only when the person presses its button (mail scanners that fetch links
 * must not confirm or unsubscribe anyone), then says what happened.
 */
export function TokenAction({ kind }: { kind: TokenActionKind }) {
  const { location } = useRouter();
  const hydrated = useHydrated();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const mutation = useMutation({
    // A stone's link answers its code; a collection follower's its collection's id (and no code).
    mutationFn: () => api(ENDPOINTS[kind](), { method: 'POST', json: { token } }),
  });
  const invalid = mutation.error instanceof ApiRequestError && (mutation.error.status === 404 || mutation.error.status === 400);

  return (
    <div className="mx-auto max-w-xl px-4 py-20">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id={`mail-links.abo.${kind}.title`} />
      </h1>
      {!token ? (
        <p role="alert" className="mt-4 text-stone-700">
          <FormattedMessage id="mail-links.abo.missing" />
        </p>
      ) : mutation.isSuccess ? (
        <div role="status" className="mt-4 space-y-6">
          <p className="text-lg text-stone-800">
            {/* A collection follower's confirmation names the collection; ending a subscription says the same for both. */}
            <FormattedMessage
              id={
                mutation.data.collectionId && kind === 'confirm' ? 'mail-links.abo.confirm.doneCollection' : `mail-links.abo.${kind}.done`
              }
              values={{ title: mutation.data.title }}
            />
          </p>
          <Link
            href={
              mutation.data.collectionId ? collectionPath(mutation.data.collectionId) : pathTo('stone', { code: mutation.data.code ?? '' })
            }
            className="inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700"
          >
            <FormattedMessage id={mutation.data.collectionId ? 'mail-links.abo.toCollection' : 'mail-links.abo.toStone'} />
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-4 text-stone-700">
            <FormattedMessage id={`mail-links.abo.${kind}.text`} />
          </p>
          {mutation.isError ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
              <FormattedMessage id={invalid ? 'mail-links.abo.invalid' : 'mail-links.abo.error'} />
            </p>
          ) : null}
          {invalid ? null : (
            <Button className="mt-8" disabled={mutation.isPending || !hydrated} onClick={() => mutation.mutate()}>
              <FormattedMessage id={`mail-links.abo.${kind}.${mutation.isPending ? 'pending' : 'button'}`} />
            </Button>
          )}
        </>
      )}
    </div>
  );
}
