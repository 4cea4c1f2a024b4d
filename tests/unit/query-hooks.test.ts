import { createElement, Fragment, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type MutationResult,
  QueryClient,
  QueryClientProvider,
  type QueryOptions,
  type QueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '../../src/client/lib/query';
import { deferred, render, settle } from '../support/render';

/** A component that shows a read: it records every result its useQuery returns. */
function Reader({ options, seen }: { options: QueryOptions<string>; seen: QueryResult<string>[] }) {
  seen.push(useQuery(options));
  return null;
}

/** A component with a write that, once done, marks the admin's reads stale (as the operator's screens do). */
function Writer({ save, seen }: { save: (title: string) => Promise<string>; seen: MutationResult<string, string>[] }) {
  const client = useQueryClient();
  seen.push(useMutation({ mutationFn: save, onSuccess: () => client.invalidateQueries({ queryKey: ['operator'] }) }));
  return null;
}

const inClient = (client: QueryClient, ...children: ReactNode[]) =>
  createElement(QueryClientProvider, { client }, createElement(Fragment, null, ...children));
const reader = (options: QueryOptions<string>, seen: QueryResult<string>[]) => createElement(Reader, { options, seen });

let consoleErrors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleErrors = vi.spyOn(console, 'error');
});
afterEach(() => {
  // React reports misuse (an update it cannot apply, one outside act) on console.error.
  expect(consoleErrors).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useQuery and useMutation (lib/query-hooks.ts, lib/mutation.ts)', () => {
  it('shows a read as pending while it loads, then its data', async () => {
    const client = new QueryClient();
    const answer = deferred<string>();
    const seen: QueryResult<string>[] = [];
    await render(inClient(client, reader({ queryKey: ['stone', 'A'], queryFn: () => answer.promise }, seen)));
    expect(seen.at(-1)).toMatchObject({ status: 'pending', isPending: true, isSuccess: false, isFetching: true, data: undefined });
    await settle(() => answer.resolve('Omas Gartenstein'));
    expect(seen.at(-1)).toMatchObject({
      status: 'success',
      isSuccess: true,
      isPending: false,
      isFetching: false,
      data: 'Omas Gartenstein',
    });
  });

  it('shows a failed read as an error, and refetch() tries again', async () => {
    const client = new QueryClient();
    const answers = [deferred<string>(), deferred<string>()];
    const read = vi.fn(() => (answers[read.mock.calls.length - 1] ?? deferred<string>()).promise);
    const seen: QueryResult<string>[] = [];
    await render(inClient(client, reader({ queryKey: ['stone', 'B'], queryFn: read }, seen)));
    await settle(() => answers[0]?.reject(new Error('Stein nicht gefunden')));
    expect(seen.at(-1)).toMatchObject({ status: 'error', isError: true, isFetching: false, data: undefined });
    expect(seen.at(-1)?.error?.message).toBe('Stein nicht gefunden');
    expect(read).toHaveBeenCalledTimes(1);
    await settle(() => {
      void seen.at(-1)?.refetch();
      answers[1]?.resolve('gefunden');
    });
    expect(seen.at(-1)).toMatchObject({ status: 'success', data: 'gefunden', error: null });
  });

  it('reads again after a write invalidates it, and the write stays pending until that refetch is done', async () => {
    const client = new QueryClient();
    const answers = [deferred<string>(), deferred<string>()];
    const read = vi.fn(() => (answers[read.mock.calls.length - 1] ?? deferred<string>()).promise);
    const save = vi.fn(async (title: string) => title);
    const reads: QueryResult<string>[] = [];
    const writes: MutationResult<string, string>[] = [];
    await render(
      inClient(client, reader({ queryKey: ['operator', 'stones'], queryFn: read }, reads), createElement(Writer, { save, seen: writes })),
    );
    await settle(() => answers[0]?.resolve('Alter Titel'));
    expect(reads.at(-1)?.data).toBe('Alter Titel');

    await settle(() => writes.at(-1)?.mutate('Neuer Titel'));
    expect(save).toHaveBeenCalledWith('Neuer Titel');
    expect(read).toHaveBeenCalledTimes(2);
    expect(writes.at(-1)).toMatchObject({ status: 'pending', isPending: true });
    // The old data stays on screen while the new one loads.
    expect(reads.at(-1)).toMatchObject({ status: 'success', data: 'Alter Titel', isFetching: true });

    await settle(() => answers[1]?.resolve('Neuer Titel'));
    expect(reads.at(-1)).toMatchObject({ data: 'Neuer Titel', isFetching: false });
    expect(writes.at(-1)).toMatchObject({ status: 'success', isSuccess: true, data: 'Neuer Titel' });
  });

  it('fetches once for two components that show the same read', async () => {
    const client = new QueryClient();
    const answer = deferred<string>();
    const read = vi.fn(() => answer.promise);
    const first: QueryResult<string>[] = [];
    const second: QueryResult<string>[] = [];
    const options = { queryKey: ['stone', 'C'], queryFn: read };
    await render(inClient(client, reader(options, first), reader({ ...options, queryKey: ['stone', 'C'] }, second)));
    await settle(() => answer.resolve('geteilt'));
    expect(read).toHaveBeenCalledTimes(1);
    expect([first.at(-1)?.data, second.at(-1)?.data]).toEqual(['geteilt', 'geteilt']);
  });

  it('lets a component go while its read or write is under way: the cache keeps the answer, nothing re-renders', async () => {
    const client = new QueryClient();
    const answer = deferred<string>();
    const saved = deferred<string>();
    const reads: QueryResult<string>[] = [];
    const writes: MutationResult<string, string>[] = [];
    const view = await render(
      inClient(
        client,
        reader({ queryKey: ['operator', 'mails'], queryFn: () => answer.promise }, reads),
        createElement(Writer, { save: () => saved.promise, seen: writes }),
      ),
    );
    await settle(() => writes.at(-1)?.mutate('Titel'));
    expect(writes.at(-1)?.status).toBe('pending');
    const rendered = [reads.length, writes.length];
    await view.unmount();
    expect(client.entry(['operator', 'mails']).observers).toBe(0);
    await settle(() => {
      answer.resolve('Post');
      saved.resolve('Titel');
    });
    expect([reads.length, writes.length]).toEqual(rendered);
    expect(client.getQueryData(['operator', 'mails'])).toBe('Post');
  });

  it('evicts a read no component has shown for gcTime; the next component fetches it again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new QueryClient({ gcTime: 5 * 60_000 });
    const read = vi.fn(async () => `Antwort ${read.mock.calls.length}`);
    const seen: QueryResult<string>[] = [];
    const first = await render(inClient(client, reader({ queryKey: ['blog'], queryFn: read }, seen)));
    expect(seen.at(-1)?.data).toBe('Antwort 1');
    // Shown for longer than gcTime: kept.
    await settle(() => vi.advanceTimersByTime(10 * 60_000));
    expect(client.getQueryData(['blog'])).toBe('Antwort 1');
    await first.unmount();

    // Back within gcTime: the cached answer at once, no fetch.
    await settle(() => vi.advanceTimersByTime(5 * 60_000 - 1));
    const second = await render(inClient(client, reader({ queryKey: ['blog'], queryFn: read }, seen)));
    expect([seen.at(-1)?.data, read.mock.calls.length]).toEqual(['Antwort 1', 1]);
    await second.unmount();

    await settle(() => vi.advanceTimersByTime(5 * 60_000));
    expect(client.getQueryState(['blog'])).toBeUndefined();
    await render(inClient(client, reader({ queryKey: ['blog'], queryFn: read }, seen)));
    expect([seen.at(-1)?.data, read.mock.calls.length]).toEqual(['Antwort 2', 2]);
  });
});
