import { useTranslation } from 'react-i18next';
import { EventTag } from '../../../components/event-tag';
import { formatDateTime } from '../../../lib/format/date-time';
import type { GroupEvent } from '../api/get-group-events';
import { SmartEventTag, SmartEventText } from '../smart-charging/components/smart-event-text';

/** Events of a group as a short list (the overview's latest four): its stations' and its load manager's. */
export function EventFeed({ events }: { events: GroupEvent[] }) {
  const { t } = useTranslation('virtualGroups');
  return (
    <ol className="vg-feed" data-testid="vg-event-feed">
      {events.map((e, i) => (
        <li key={`${e.timestamp}-${e.charge_box_code}-${e.type}-${i}`} className="vg-feed__item">
          {e.source === 'SMART_CHARGING' && e.kind ? (
            <>
              <SmartEventTag kind={e.kind} />
              <span className="vg-feed__what">
                <SmartEventText kind={e.kind} detail={e.detail} />
              </span>
            </>
          ) : (
            <>
              <EventTag type={e.type} />
              <span className="vg-feed__what">
                <span className="vg-code">{e.charge_box_code}</span> ·{' '}
                {e.connector_id ? t('events.connector', { id: e.connector_id }) : t('events.station')}
              </span>
            </>
          )}
          <time className="vg-feed__time" dateTime={e.timestamp}>
            {formatDateTime(e.timestamp)}
          </time>
        </li>
      ))}
    </ol>
  );
}
