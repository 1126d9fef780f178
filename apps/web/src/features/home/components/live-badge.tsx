import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '../../../lib/live-client';
import { useLiveClient } from '../../../lib/live-context';

/** Whether the cards and the map are following the live connection right now. */
export function LiveBadge() {
  const { t } = useTranslation('home');
  const client = useLiveClient();
  const [state, setState] = useState<LiveState>(client?.currentState ?? 'idle');
  useEffect(() => {
    if (!client) return undefined;
    setState(client.currentState);
    return client.onState(setState);
  }, [client]);
  const live = state === 'open';
  return (
    <span className={live ? 'live-badge live-badge--on' : 'live-badge'} role="status" data-testid="live-badge" data-state={state}>
      <span className="live-badge__dot" aria-hidden="true" />
      {live ? t('live.on') : t('live.off')}
    </span>
  );
}
