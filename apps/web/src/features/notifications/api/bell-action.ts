import { useCallback, useState } from 'react';

/**
 * A bell call that changes something (mark read, save a preference): whether it is running or
 * failed, and what it was last given. A small state instead of the query library's mutations: the
 * header is on every screen, and this keeps it light.
 */
export function useBellAction<A, R>(call: (arg: A) => Promise<R>, onDone: (result: R) => void) {
  const [state, setState] = useState<{ pending: boolean; error: boolean; last?: A }>({ pending: false, error: false });
  const run = useCallback(
    (arg: A) => {
      setState({ pending: true, error: false, last: arg });
      call(arg).then(
        (result) => {
          onDone(result);
          setState({ pending: false, error: false, last: arg });
        },
        () => setState({ pending: false, error: true, last: arg }),
      );
    },
    [call, onDone],
  );
  return { run, isPending: state.pending, isError: state.error, variables: state.last };
}
