import { useState } from 'react';
import { preferencesAddress } from '../../../shared/api-routes';
import { collectionPath } from '../../../shared/collection';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { pathTo } from '../../../shared/routes';
import type { OwnerNotify } from '../../../shared/schemas/notify';
import { ApiRequestError, api } from '../../lib/api';
import { FormattedMessage } from '../../lib/intl-react';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { Link, useRouter } from '../../lib/router';
import { FrequencyChoice } from '../../ui/frequency-choice';
import { MemorialLetter } from './memorial-letter';

const LABELS: Record<OwnerNotify, MessageId> = {
  instant: 'mail-links.abo.preferences.instant',
  daily: 'mail-links.abo.preferences.daily',
  weekly: 'mail-links.abo.preferences.weekly',
  off: 'mail-links.abo.preferences.off',
};

const FOR: Record<'stone' | 'collection' | 'owner', MessageId> = {
  stone: 'mail-links.abo.preferences.forStone',
  collection: 'mail-links.abo.preferences.forCollection',
  owner: 'mail-links.abo.preferences.forOwner',
};

/** What one click on the page changes: how often, or whether the letter of the year comes. */
type Change = { frequency: OwnerNotify } | { memorialLetter: boolean };

/**
 * The preferences page: it reads the current choices with the link's token once the page runs (reading changes
 * nothing, so a mail scanner that opens the link changes nothing either), and saves a new one when it is chosen.
 */
export function NotificationPreferences() {
  const { location } = useRouter();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  return (
    <div className="mx-auto max-w-xl px-4 py-20">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="mail-links.abo.preferences.title" />
      </h1>
      {token ? (
        <Choice token={token} />
      ) : (
        <p role="alert" className="mt-4 text-stone-700">
          <FormattedMessage id="mail-links.abo.missing" />
        </p>
      )}
    </div>
  );
}

function Choice({ token }: { token: string }) {
  const queryClient = useQueryClient();
  // What was just chosen, shown until the answer comes; and which choice the last answer saved.
  const [chosen, setChosen] = useState<Change | null>(null);
  const [saved, setSaved] = useState<'frequency' | 'memorialLetter' | null>(null);
  const key = ['notification-preferences', token];
  const current = useQuery({ queryKey: key, queryFn: () => api(preferencesAddress(), { method: 'POST', json: { token } }) });
  const save = useMutation({
    mutationFn: (change: Change) => api(preferencesAddress(), { method: 'POST', json: { token, ...change } }),
    onSuccess: (next, change) => {
      queryClient.setQueryData(key, next);
      setSaved('frequency' in change ? 'frequency' : 'memorialLetter');
    },
    onSettled: () => setChosen(null),
  });
  const change = (next: Change) => {
    setChosen(next);
    save.mutate(next);
  };
  const invalid = current.error instanceof ApiRequestError && (current.error.status === 404 || current.error.status === 400);
  const data = current.data;
  return current.isError ? (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
      <FormattedMessage id={invalid ? 'mail-links.abo.invalid' : 'mail-links.abo.error'} />
    </p>
  ) : !data ? (
    <p className="mt-4 text-stone-700">
      <FormattedMessage id="mail-links.abo.preferences.loading" />
    </p>
  ) : (
    <div className="mt-4 space-y-6">
      <p className="text-lg text-stone-800">
        <FormattedMessage id={FOR[data.reader]} values={{ title: data.title }} />
      </p>
      <FrequencyChoice
        name="frequency"
        legend="mail-links.abo.preferences.legend"
        choices={data.choices}
        labels={LABELS}
        value={chosen && 'frequency' in chosen ? chosen.frequency : data.frequency}
        disabled={chosen !== null}
        onChange={(frequency) => change({ frequency })}
      />
      {data.memorialDay === null ? null : (
        <MemorialLetter
          preferences={data}
          memorialDay={data.memorialDay}
          checked={chosen && 'memorialLetter' in chosen ? chosen.memorialLetter : data.memorialLetter}
          disabled={chosen !== null}
          onChange={(memorialLetter) => change({ memorialLetter })}
        />
      )}
      <div aria-live="polite">
        {save.isSuccess ? (
          <p role="status" className="text-stone-800">
            <FormattedMessage
              id={
                saved === 'memorialLetter'
                  ? data.memorialLetter
                    ? 'mail-links.abo.preferences.memorial.saved.on'
                    : 'mail-links.abo.preferences.memorial.saved.off'
                  : `mail-links.abo.preferences.saved.${data.frequency}`
              }
            />
          </p>
        ) : save.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
            <FormattedMessage id="mail-links.abo.error" />
          </p>
        ) : null}
      </div>
      <p className="flex flex-wrap gap-4">
        <Link
          href={data.collectionId ? collectionPath(data.collectionId) : pathTo('stone', { code: data.code ?? '' })}
          className="inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700"
        >
          <FormattedMessage id={data.collectionId ? 'mail-links.abo.toCollection' : 'mail-links.abo.toStone'} />
        </Link>
        {data.reader === 'owner' ? null : (
          <Link href={`${pathTo('unsubscribe', {})}?token=${encodeURIComponent(token)}`} className="px-2 py-2 text-stone-700 underline">
            <FormattedMessage id="mail-links.abo.preferences.unsubscribe" />
          </Link>
        )}
      </p>
    </div>
  );
}
