import { createContext, useContext, useEffect, useRef } from 'react';
import type { LiveClient, LiveMessage } from './live-client';

/** The signed-in tab's live connection; null while signed out or before it started. */
export const LiveContext = createContext<LiveClient | null>(null);

export function useLiveClient(): LiveClient | null {
  return useContext(LiveContext);
}

/** Calls `handler` for every live data message (the latest handler; no resubscription on render). */
export function useLiveMessages(handler: (message: LiveMessage) => void): void {
  const client = useLiveClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return undefined;
    return client.onMessage((message) => latest.current(message));
  }, [client]);
}
