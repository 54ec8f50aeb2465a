/**
 * The front door's stand-in for @tanstack/react-query (issue 11): the signed-out pages only send (sign in, sign
 * up, resend a mail, feedback), so `useMutation` is all they need: `mutate` with per-call callbacks, `isPending`,
 * `error`.
 */
import { useCallback, useRef, useState } from 'react';

type MutateCallbacks<T> = { onSuccess?: (data: T) => void; onError?: (error: unknown) => void; onSettled?: () => void };
type MutationOptions<T, V> = { mutationFn: (variables: V) => Promise<T> } & MutateCallbacks<T>;

export function useMutation<T, V>(options: MutationOptions<T, V>) {
  const [state, setState] = useState<{ isPending: boolean; error: unknown; data: T | undefined }>({
    isPending: false,
    error: null,
    data: undefined,
  });
  const latest = useRef(options);
  latest.current = options;
  const mutateAsync = useCallback((variables: V): Promise<T> => {
    setState({ isPending: true, error: null, data: undefined });
    const { mutationFn, onSuccess, onError, onSettled } = latest.current;
    return mutationFn(variables).then(
      (data) => {
        setState({ isPending: false, error: null, data });
        onSuccess?.(data);
        onSettled?.();
        return data;
      },
      (error: unknown) => {
        setState({ isPending: false, error, data: undefined });
        onError?.(error);
        onSettled?.();
        throw error;
      },
    );
  }, []);
  const mutate = useCallback(
    (variables: V, callbacks: MutateCallbacks<T> = {}) => {
      mutateAsync(variables).then(
        (data) => {
          callbacks.onSuccess?.(data);
          callbacks.onSettled?.();
        },
        (error: unknown) => {
          callbacks.onError?.(error);
          callbacks.onSettled?.();
        },
      );
    },
    [mutateAsync],
  );
  const reset = useCallback(() => setState({ isPending: false, error: null, data: undefined }), []);
  return { ...state, isError: state.error !== null, isSuccess: state.data !== undefined, mutate, mutateAsync, reset };
}
