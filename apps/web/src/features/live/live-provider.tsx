import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { liveTopics } from '@recarga/contracts/live-topics';
import { LiveClient } from '../../lib/live-client';
import { LiveContext } from '../../lib/live-context';
import { readLiveChargeBox } from '../../lib/live-data';
import { getRuntimeSettings } from '../../lib/runtime-settings';
import { usePermittedRoutes } from '../../lib/use-permitted-routes';
import { useSession } from '../../lib/use-session';
import { liveChargePointsQuery } from './api/get-live-charge-points';

function subscribeStation(client: LiveClient, apiKey: string, chargeBoxId: string, connectorIds: number[]) {
  client.subscribeDelayed(liveTopics.chargeBoxStatus(apiKey, chargeBoxId));
  for (const id of connectorIds) client.subscribeDelayed(liveTopics.connectorStatus(apiKey, chargeBoxId, id));
}

/**
 * Opens the live connection while signed in (closed on sign-out), subscribes the api key's
 * notification, stats and chargeBox topics, and — 5 s after connecting — the status topics of
 * every known station and connector, plus those of stations that appear later.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const token = session?.token ?? null;
  const { apiKey, wsUrl } = getRuntimeSettings();
  const permitted = usePermittedRoutes();
  const [client, setClient] = useState<LiveClient | null>(null);

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

  const canListStations = permitted.has('/') || permitted.has('/stations');
  const { data: stations } = useQuery({ ...liveChargePointsQuery(), enabled: !!client && canListStations });

  useEffect(() => {
    if (!client || !stations) return;
    for (const s of stations) {
      subscribeStation(
        client,
        apiKey,
        s.chargeBoxId,
        s.connectors.map((c) => c.connectorId),
      );
    }
  }, [client, stations, apiKey]);

  useEffect(() => {
    if (!client) return undefined;
    return client.onMessage((message) => {
      if (message.parsed?.kind !== 'chargeBox') return;
      const update = readLiveChargeBox(message.data);
      if (!update) return;
      const cp = update.chargePoint;
      subscribeStation(
        client,
        apiKey,
        cp.chargeBoxId,
        cp.connectors.map((c) => c.connectorId),
      );
    });
  }, [client, apiKey]);

  return <LiveContext.Provider value={client}>{children}</LiveContext.Provider>;
}
