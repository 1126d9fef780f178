import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './session';

/** The current session; re-renders on sign-in, sign-out and changes from other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
