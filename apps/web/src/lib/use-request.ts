import { useCallback, useRef, useState } from 'react';

type RequestState<O> =
  | { status: 'idle' | 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: O; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

export interface RequestHandlers<O> {
  onSuccess?: (data: O) => void;
  onError?: (error: unknown) => void;
}

/**
 * One request a form sends (sign in, verify a code, start single sign-on), with its state: pending
 * while it runs, then its answer or its error; a newer request replaces an older one's outcome.
 *
 * The sign-in page's forms use it instead of TanStack Query's `useMutation`: that page renders outside
 * the app shell and loads no TanStack Query (issue 9). Everything else uses `useMutation`.
 */
export function useRequest<I = void, O = unknown>(
  request: (input: I) => Promise<O>,
  handlers: RequestHandlers<O> = {},
) {
  const [state, setState] = useState<RequestState<O>>({ status: 'idle' });
  const latest = useRef({ request, handlers, call: 0 });
  latest.current.request = request;
  latest.current.handlers = handlers;

  const send = useCallback((input: I) => {
    const call = ++latest.current.call;
    setState({ status: 'pending' });
    latest.current.request(input).then(
      (data) => {
        if (call !== latest.current.call) return;
        setState({ status: 'success', data });
        latest.current.handlers.onSuccess?.(data);
      },
      (error: unknown) => {
        if (call !== latest.current.call) return;
        setState({ status: 'error', error });
        latest.current.handlers.onError?.(error);
      },
    );
  }, []);

  return {
    ...state,
    send,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}
