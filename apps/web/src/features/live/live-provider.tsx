import { useEffect, useState, type ReactNode } from 'react';
import { liveTopics } from '@recarga/contracts/live-topics';
import { LiveClient } from '../../lib/live-client';
import { LiveContext } from '../../lib/live-context';
import { getRuntimeSettings } from '../../lib/runtime-settings';
import { usePermittedRoutes } from '../../lib/use-permitted-routes';
import { useSession } from '../../lib/use-session';

/**
 * Opens the live connection while signed in (closed on sign-out), subscribes the api key's
 * notification, stats and chargeBox topics, and — 5 s after connecting — the status topics of every
 * station and connector: two patterns of the api key, which also cover stations added later, so a
 * network of any size costs the dashboard two subscriptions (docs/decisions.md).
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const token = session?.token ?? null;
  const { apiKey, wsUrl } = getRuntimeSettings();
  const permitted = usePermittedRoutes();
  const [client, setClient] = useState<LiveClient | null>(null);
  const followsStations = permitted.has('/') || permitted.has('/stations');

  useEffect(() => {
    if (!token || !apiKey) return undefined;
    const live = new LiveClient({ url: wsUrl, token });
    live.subscribe(liveTopics.notification(apiKey));
    live.subscribe(liveTopics.stats(apiKey));
    live.subscribe(liveTopics.chargeBox(apiKey));
    live.start();
    setClient(live);
    return () => {
      live.stop();
      setClient(null);
    };
  }, [token, apiKey, wsUrl]);

  useEffect(() => {
    if (!client || !followsStations) return undefined;
    const patterns = [liveTopics.anyChargeBoxStatus(apiKey), liveTopics.anyConnectorStatus(apiKey)];
    for (const topic of patterns) client.subscribeDelayed(topic);
    return () => {
      for (const topic of patterns) client.unsubscribe(topic);
    };
  }, [client, followsStations, apiKey]);

  return <LiveContext.Provider value={client}>{children}</LiveContext.Provider>;
}
