import { useCallback, useEffect, useRef, useState } from 'react';
import { toError } from './query-cache';

export interface MutationOptions<T, V> {
  mutationFn: (variables: V) => Promise<T>;
  onSuccess?: (data: T, variables: V) => unknown;
  onError?: (error: Error, variables: V) => unknown;
  onSettled?: (data: T | undefined, error: Error | null, variables: V) => unknown;
}

type MutationState<T> =
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: undefined; error: Error };

/** What a component reads of a write; the flags narrow `data` and `error`. */
export type MutationResult<T, V> = {
  mutate: (variables: V) => void;
  mutateAsync: (variables: V) => Promise<T>;
  reset: () => void;
} & (
  | { status: 'idle'; isIdle: true; isPending: false; isSuccess: false; isError: false; data: undefined; error: null }
  | { status: 'pending'; isIdle: false; isPending: true; isSuccess: false; isError: false; data: undefined; error: null }
  | { status: 'success'; isIdle: false; isPending: false; isSuccess: true; isError: false; data: T; error: null }
  | { status: 'error'; isIdle: false; isPending: false; isSuccess: false; isError: true; data: undefined; error: Error }
);

/**
 * A write for a component (decision record 018). It runs whether or not the browser thinks it is online (a find
 * without a connection is then kept on the device). Like TanStack Query's, a mutation counts as pending until its
 * onSuccess or onError (and onSettled) have finished, awaited if they return a promise.
 */
export function useMutation<T, V = void>(options: MutationOptions<T, V>): MutationResult<T, V> {
  const [state, setState] = useState<MutationState<T>>({ status: 'idle', data: undefined, error: null });
  const latest = useRef(options);
  latest.current = options;
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const set = useCallback((next: MutationState<T>) => {
    if (mounted.current) setState(next);
  }, []);
  const mutateAsync = useCallback(
    async (variables: V): Promise<T> => {
      const { mutationFn, onSuccess, onError, onSettled } = latest.current;
      set({ status: 'pending', data: undefined, error: null });
      try {
        const data = await mutationFn(variables);
        await onSuccess?.(data, variables);
        await onSettled?.(data, null, variables);
        set({ status: 'success', data, error: null });
        return data;
      } catch (caught) {
        const error = toError(caught);
        try {
          await onError?.(error, variables);
          await onSettled?.(undefined, error, variables);
        } finally {
          set({ status: 'error', data: undefined, error });
        }
        throw error;
      }
    },
    [set],
  );
  const mutate = useCallback((variables: V) => void mutateAsync(variables).catch(() => undefined), [mutateAsync]);
  const reset = useCallback(() => set({ status: 'idle', data: undefined, error: null }), [set]);
  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
    reset,
  } as MutationResult<T, V>;
}
