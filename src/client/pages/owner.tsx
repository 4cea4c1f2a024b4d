import messages from 'virtual:messages/owner';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatGermanDate } from '../../shared/dates';
import { queries } from '../../shared/queries';
import { type PageProps, pathTo } from '../../shared/routes';
import { MAX_STORY_LENGTH, MAX_TITLE_LENGTH } from '../../shared/schemas/limits';
import type { OwnerStoneView } from '../../shared/types';
import { keepUpgrade } from '../features/creator/pending-stone';
import { OwnerPhotos } from '../features/owner/owner-photos';
import { OwnerLinkRequest } from '../features/owner-link/owner-link-request';
import { api, apiErrorMessage } from '../lib/api';
import { specQuery } from '../lib/queries';
import { useMutation, useQuery, useQueryClient } from '../lib/query';
import { Link, useRouter } from '../lib/router';
import { WithMessages } from '../lib/with-messages';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { TextArea, TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/toast';

export default function OwnerPage(props: PageProps) {
  return (
    <WithMessages messages={messages}>
      <Owner {...props} />
    </WithMessages>
  );
}

/** /admin/stone/{adminToken}: everything an owner does with a stone (spec §2 "Owner page"). */
function Owner({ params }: PageProps) {
  const token = params.adminToken;
  if (!token) {
    return <Missing title="owner.invalid.title" text="owner.invalid.text" />;
  }
  return <OwnerOf token={token} />;
}

function Missing({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id={title} />
      </h1>
      <p className="text-stone-600">
        <FormattedMessage id={text} />
      </p>
      <Link href="/" className="inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700">
        <FormattedMessage id="owner.notFound.home" />
      </Link>
      <div className="text-left">
        <OwnerLinkRequest />
      </div>
    </div>
  );
}

function OwnerOf({ token }: { token: string }) {
  const spec = queries.ownerStone(token);
  const queryClient = useQueryClient();
  const { data: stone, isPending } = useQuery(specQuery(spec));
  if (isPending) return <Spinner />;
  if (!stone) return <Missing title="owner.notFound.title" text="owner.notFound.text" />;
  const update = (next: Partial<OwnerStoneView>) =>
    queryClient.setQueryData<OwnerStoneView | null>(spec.key, (old) => (old ? { ...old, ...next } : old));
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">
            <FormattedMessage id="owner.title" values={{ code: stone.code }} />
          </h1>
          <p className="mt-1 text-stone-600">{stone.title}</p>
        </div>
        <Link
          href={pathTo('stone', { code: stone.code })}
          className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100"
        >
          <FormattedMessage id="owner.publicPage" />
        </Link>
      </header>
      <Details token={token} stone={stone} onSaved={update} />
      {stone.hasPhotos ? (
        <OwnerPhotos token={token} stone={stone} onChanged={(photos) => update({ photos })} />
      ) : (
        <Upgrade token={token} feature="photos" />
      )}
      {stone.hasStory ? null : <Upgrade token={token} feature="story" />}
      <div className="grid gap-6 sm:grid-cols-2">
        <Statistics stone={stone} />
        <Mails token={token} stone={stone} onSaved={update} />
      </div>
      <Finds token={token} stone={stone} onSaved={update} />
    </div>
  );
}

/** View mode and edit mode of title and story (the story only with its feature). */
function Details({ token, stone, onSaved }: { token: string; stone: OwnerStoneView; onSaved: (next: OwnerStoneView) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(stone.title);
  const [story, setStory] = useState(stone.story ?? '');
  const save = useMutation({
    mutationFn: (body: { title: string; story?: string }) =>
      api<OwnerStoneView>(`/api/admin/stones/${encodeURIComponent(token)}`, { method: 'PATCH', json: body }),
    onSuccess: (next) => {
      onSaved(next);
      setEditing(false);
      toast({ title: intl.formatMessage({ id: 'owner.updated' }) });
    },
    onError: (error) => toast({ title: apiErrorMessage(error) ?? intl.formatMessage({ id: 'owner.updateFailed' }), variant: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ title, ...(stone.hasStory ? { story } : {}) });
  };
  const row = (label: string, value: string) => (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm text-stone-500">
        <FormattedMessage id={label} />
      </dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
  return (
    <Card aria-labelledby="owner-details-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="owner-details-title" className="text-lg font-semibold">
          <FormattedMessage id="owner.details" />
        </h2>
        {editing ? null : (
          <Button
            variant="secondary"
            onClick={() => {
              setTitle(stone.title);
              setStory(stone.story ?? '');
              setEditing(true);
            }}
          >
            <FormattedMessage id="owner.edit" />
          </Button>
        )}
      </div>
      {editing ? (
        <form onSubmit={submit} className="mt-4 space-y-4">
          <div>
            <TextField
              label={intl.formatMessage({ id: 'owner.field.title' })}
              value={title}
              maxLength={MAX_TITLE_LENGTH}
              required
              onChange={(event) => setTitle(event.target.value)}
            />
            <p className="text-right text-xs text-stone-500">
              {title.length} / {MAX_TITLE_LENGTH}
            </p>
          </div>
          {stone.hasStory ? (
            <div>
              <TextArea
                label={intl.formatMessage({ id: 'owner.field.story' })}
                value={story}
                rows={8}
                onChange={(event) => setStory(event.target.value)}
              />
              <p className={`text-right text-xs ${story.length > MAX_STORY_LENGTH ? 'text-red-700' : 'text-stone-500'}`}>
                {story.length} / {MAX_STORY_LENGTH}
              </p>
            </div>
          ) : null}
          <div className="flex gap-3">
            <Button type="submit" disabled={save.isPending || !title.trim() || story.length > MAX_STORY_LENGTH}>
              <FormattedMessage id={save.isPending ? 'owner.saving' : 'owner.save'} />
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              <FormattedMessage id="owner.cancel" />
            </Button>
          </div>
        </form>
      ) : (
        <dl className="mt-4 space-y-3">
          {row('owner.field.title', stone.title)}
          {row('owner.field.email', stone.creatorEmail)}
          {row('owner.field.code', stone.code)}
          {row('owner.field.created', formatGermanDate(stone.createdAt))}
          {stone.hasStory ? (
            <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
              <dt className="text-sm text-stone-500">
                <FormattedMessage id="owner.field.story" />
              </dt>
              <dd className="whitespace-pre-line">{stone.story || <FormattedMessage id="owner.noStory" />}</dd>
            </div>
          ) : null}
        </dl>
      )}
    </Card>
  );
}

/** A feature the stone lacks, explained, with the way to buy it (5 €) through the same checkout. */
function Upgrade({ token, feature }: { token: string; feature: 'photos' | 'story' }) {
  const { navigate } = useRouter();
  const buy = () => {
    keepUpgrade(token);
    const features = { photos: feature === 'photos', story: feature === 'story' };
    navigate(`/checkout?${new URLSearchParams({ amount: '5', features: JSON.stringify(features), upgrade: '1' }).toString()}`);
  };
  return (
    <Card>
      <p className="text-stone-700">
        <FormattedMessage id={feature === 'photos' ? 'owner.photos.locked' : 'owner.story.locked'} />
      </p>
      <Button className="mt-3" variant="secondary" onClick={buy}>
        <FormattedMessage id={feature === 'photos' ? 'owner.buy.photos' : 'owner.buy.story'} />
      </Button>
    </Card>
  );
}

function Statistics({ stone }: { stone: OwnerStoneView }) {
  return (
    <Card aria-labelledby="owner-stats-title">
      <h2 id="owner-stats-title" className="text-lg font-semibold">
        <FormattedMessage id="owner.stats.title" />
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4">
        <div>
          <dd className="text-3xl font-bold tabular-nums" data-testid="owner-found">
            {stone.findCount}
          </dd>
          <dt className="text-sm text-stone-600">
            <FormattedMessage id="owner.stats.found" />
          </dt>
        </div>
        <div>
          <dd className="text-3xl font-bold tabular-nums">{stone.notificationCount}</dd>
          <dt className="text-sm text-stone-600">
            <FormattedMessage id="owner.stats.notifications" />
          </dt>
        </div>
      </dl>
    </Card>
  );
}

function Mails({ token, stone, onSaved }: { token: string; stone: OwnerStoneView; onSaved: (next: OwnerStoneView) => void }) {
  const intl = useIntl();
  const toast = useToast();
  // What the owner just chose shows at once (in the same render as the click); the saved value takes over when
  // the answer comes, and a failure falls back to it.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (notifyOnFind: boolean) =>
      api<OwnerStoneView>(`/api/admin/stones/${encodeURIComponent(token)}`, { method: 'PATCH', json: { notifyOnFind } }),
    onSuccess: (next) => {
      onSaved(next);
      toast({ title: intl.formatMessage({ id: next.notifyOnFind ? 'owner.mails.on' : 'owner.mails.off' }) });
    },
    onError: () => toast({ title: intl.formatMessage({ id: 'owner.updateFailed' }), variant: 'error' }),
    onSettled: () => setChosen(null),
  });
  return (
    <Card aria-labelledby="owner-mails-title">
      <h2 id="owner-mails-title" className="text-lg font-semibold">
        <FormattedMessage id="owner.mails.title" />
      </h2>
      <label className="mt-3 flex items-center gap-3">
        <input
          type="checkbox"
          checked={chosen ?? stone.notifyOnFind}
          disabled={chosen !== null}
          onChange={(event) => {
            setChosen(event.target.checked);
            save.mutate(event.target.checked);
          }}
        />
        <FormattedMessage id="owner.mails.notify" />
      </label>
    </Card>
  );
}

/** Every find, hidden ones marked, each with hide / show again (spam and bogus places happen). */
function Finds({ token, stone, onSaved }: { token: string; stone: OwnerStoneView; onSaved: (next: OwnerStoneView) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ id, change }: { id: string; change: { hidden: boolean } | { accept: true } }) =>
      api<OwnerStoneView>(`/api/admin/stones/${encodeURIComponent(token)}/finds/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: change,
      }),
    onSuccess: async (next) => {
      onSaved(next);
      toast({ title: intl.formatMessage({ id: 'owner.finds.changed' }) });
      // The public stone and the totals changed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queries.stone(stone.code).key }),
        queryClient.invalidateQueries({ queryKey: queries.statistics().key }),
      ]);
    },
    onError: () => toast({ title: intl.formatMessage({ id: 'owner.finds.failed' }), variant: 'error' }),
  });
  return (
    <Card aria-labelledby="owner-finds-title">
      <h2 id="owner-finds-title" className="text-lg font-semibold">
        <FormattedMessage id="owner.finds.title" />
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        <FormattedMessage id="owner.finds.hint" />
      </p>
      {stone.finds.length ? (
        <ol className="mt-4 divide-y divide-stone-200" data-testid="owner-finds">
          {stone.finds.map((find, i) => (
            <li key={find.id} className={`flex flex-wrap items-center justify-between gap-3 py-3 ${find.hidden ? 'text-stone-400' : ''}`}>
              <div>
                <p className="font-medium">
                  {i + 1}. {find.location}{' '}
                  {find.hidden ? (
                    <span className="ml-1 rounded bg-stone-200 px-1.5 py-0.5 text-xs font-semibold text-stone-700">
                      <FormattedMessage id="owner.finds.hidden" />
                    </span>
                  ) : null}
                </p>
                <p className="text-sm">
                  {formatGermanDate(find.createdAt)}
                  {find.comment ? ` – ${find.comment}` : ''}
                </p>
                {find.flag ? (
                  <p className="text-sm font-medium text-amber-800">
                    <FormattedMessage id={find.flag === 'speed' ? 'owner.finds.flagSpeed' : 'owner.finds.flagRepeat'} />
                    {find.flagAccepted ? (
                      <>
                        {' – '}
                        <FormattedMessage id="owner.finds.accepted" />
                      </>
                    ) : null}
                  </p>
                ) : null}
              </div>
              <span className="flex flex-wrap gap-2">
                {find.pending ? (
                  <Button disabled={toggle.isPending} onClick={() => toggle.mutate({ id: find.id, change: { accept: true } })}>
                    <FormattedMessage id="owner.finds.accept" />
                  </Button>
                ) : null}
                <Button
                  variant="secondary"
                  disabled={toggle.isPending}
                  onClick={() => toggle.mutate({ id: find.id, change: { hidden: !find.hidden } })}
                >
                  <FormattedMessage id={find.hidden ? 'owner.finds.show' : 'owner.finds.hide'} />
                </Button>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-stone-600">
          <FormattedMessage id="owner.finds.none" />
        </p>
      )}
    </Card>
  );
}
