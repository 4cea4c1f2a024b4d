import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '../../src/client/lib/query';

/** A read that answers from a list, one answer per call (an Error is thrown), counting its calls. */
function reader<T>(...answers: Array<T | Error>) {
  const read = vi.fn(async () => {
    const answer = answers[Math.min(read.mock.calls.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer as T;
  });
  return read;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the read cache (lib/query.ts)', () => {
  it('fetches a key once for readers who ask at the same time', async () => {
    const client = new QueryClient();
    const read = reader('stone');
    const [a, b] = await Promise.all([
      client.fetchQuery({ queryKey: ['stone', 'A'], queryFn: read }),
      client.fetchQuery({ queryKey: ['stone', 'A'], queryFn: read }),
    ]);
    expect([a, b, read.mock.calls.length]).toEqual(['stone', 'stone', 1]);
  });

  it('answers from the cache by default (never stale), and again after a staleTime has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = new QueryClient();
    const read = reader(1, 2, 3);
    await client.fetchQuery({ queryKey: ['k'], queryFn: read });
    expect(await client.fetchQuery({ queryKey: ['k'], queryFn: read })).toBe(1);
    vi.setSystemTime(Date.now() + 10_001);
    expect(await client.fetchQuery({ queryKey: ['k'], queryFn: read, staleTime: 10_000 })).toBe(2);
  });

  it('asks again for an answer its staleTime function calls stale (a stone that did not exist)', async () => {
    const client = new QueryClient();
    const read = reader(null, 'found');
    const options = {
      queryKey: ['stone', 'B'],
      queryFn: read,
      staleTime: ({ state }: { state: { data: unknown } }) => (state.data === null ? 0 : Infinity),
    };
    expect(await client.fetchQuery(options)).toBeNull();
    expect(await client.fetchQuery(options)).toBe('found');
    expect(await client.fetchQuery(options)).toBe('found');
  });

  it('retries exactly as often as asked, 1 s then 2 s apart, then reports the error', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const read = reader<number>(new Error('down'), new Error('down'), new Error('down'), new Error('down'), 5);
    const result = client.fetchQuery({ queryKey: ['statistics'], queryFn: read, retry: 3 }).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(await result).toBe('down');
    expect(read).toHaveBeenCalledTimes(4);
    expect(client.getQueryState(['statistics'])?.status).toBe('error');
  });

  it('does not retry by default', async () => {
    const client = new QueryClient();
    const read = reader<number>(new Error('down'), 1);
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn: read })).rejects.toThrow('down');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('invalidating a key prefix refetches the reads a component shows, and only marks the others stale', async () => {
    const client = new QueryClient();
    const shown = reader('a1', 'a2');
    const hidden = reader('b1', 'b2');
    const other = reader('c1', 'c2');
    await client.fetch(client.entry(['operator', 'stones', 1]), { queryKey: ['operator', 'stones', 1], queryFn: shown });
    client.entry(['operator', 'stones', 1]).observers = 1;
    await client.fetchQuery({ queryKey: ['operator', 'counters'], queryFn: hidden });
    await client.fetchQuery({ queryKey: ['blog'], queryFn: other });
    await client.invalidateQueries({ queryKey: ['operator'] });
    expect([shown.mock.calls.length, hidden.mock.calls.length, other.mock.calls.length]).toEqual([2, 1, 1]);
    expect(client.getQueryData(['operator', 'stones', 1])).toBe('a2');
    // The hidden one is fetched again the next time it is asked for; the other key was not touched.
    expect(await client.fetchQuery({ queryKey: ['operator', 'counters'], queryFn: hidden })).toBe('b2');
    expect(await client.fetchQuery({ queryKey: ['blog'], queryFn: other })).toBe('c1');
  });

  it('matches keys by value, objects in any key order', async () => {
    const client = new QueryClient();
    client.setQueryData(['list', { page: 2, q: 'x' }], 'page 2');
    expect(client.getQueryData(['list', { q: 'x', page: 2 }])).toBe('page 2');
    expect(client.getQueryData(['list', { q: 'x', page: 3 }])).toBeUndefined();
  });

  it('tells subscribers about every change, and an updater that returns undefined changes nothing', () => {
    const client = new QueryClient();
    const changes = vi.fn();
    client.subscribe(changes);
    client.setQueryData(['owner'], { title: 'Stein' });
    client.setQueryData<{ title: string }>(['owner'], (old) => (old ? { ...old, title: 'Neu' } : old));
    client.setQueryData<{ title: string }>(['missing'], (old) => old);
    expect(client.getQueryData(['owner'])).toEqual({ title: 'Neu' });
    expect(client.getQueryState(['missing'])?.status).toBe('pending');
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('forgets removed reads: the next read fetches again', async () => {
    const client = new QueryClient();
    const read = reader('mine', 'fresh');
    await client.fetchQuery({ queryKey: ['operator', 'mails'], queryFn: read });
    client.removeQueries({ queryKey: ['operator'] });
    expect(client.getQueryData(['operator', 'mails'])).toBeUndefined();
    expect(await client.fetchQuery({ queryKey: ['operator', 'mails'], queryFn: read })).toBe('fresh');
  });
});

describe('eviction of unused reads (QueryClient gcTime)', () => {
  it('forgets an entry gcTime after no component shows it, never while one does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new QueryClient({ gcTime: 60_000 });
    await client.fetchQuery({ queryKey: ['shown'], queryFn: async () => 'a' });
    await client.fetchQuery({ queryKey: ['unused'], queryFn: async () => 'b' });
    const release = client.observe(client.entry(['shown']));
    vi.advanceTimersByTime(10 * 60_000);
    expect([client.getQueryData(['shown']), client.getQueryData(['unused'])]).toEqual(['a', undefined]);
    release();
    vi.advanceTimersByTime(59_999);
    expect(client.getQueryData(['shown'])).toBe('a');
    vi.advanceTimersByTime(1);
    expect(client.getQueryState(['shown'])).toBeUndefined();
  });

  it('keeps an entry while it is fetched, and counts from the end of the fetch', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new QueryClient({ gcTime: 60_000 });
    let answer: (value: string) => void = () => undefined;
    const fetched = client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    vi.advanceTimersByTime(2 * 60_000);
    answer('late');
    expect(await fetched).toBe('late');
    vi.advanceTimersByTime(59_999);
    expect(client.getQueryData(['slow'])).toBe('late');
    vi.advanceTimersByTime(1);
    expect(client.getQueryData(['slow'])).toBeUndefined();
  });

  it('keeps everything without a gcTime (a server render, one request long)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new QueryClient();
    client.setQueryData(['stone', 'A'], 'Omas Gartenstein');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(24 * 60 * 60_000);
    expect(client.getQueryData(['stone', 'A'])).toBe('Omas Gartenstein');
  });
});
