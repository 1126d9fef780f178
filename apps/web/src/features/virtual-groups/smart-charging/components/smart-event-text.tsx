import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmartChargingEventKind } from '@recarga/contracts/smart-charging';
import { formatDateTime } from '../../../../lib/format/date-time';
import { useNumberFormat } from '../../../../lib/format/use-number-format';
import { eventText, eventWords } from '../model/event-text';

const colours: Record<SmartChargingEventKind, string> = {
  METER_ONLINE: 'success',
  METER_OFFLINE: 'default',
  PLAN_CHANGED: 'processing',
  PROFILE_REJECTED: 'error',
  BREAKER_MARGIN_BREACHED: 'error',
  FAILSAFE: 'warning',
  FAILSAFE_ENDED: 'success',
};

/** A load-manager event's kind as a coloured tag. */
export function SmartEventTag({ kind }: { kind: SmartChargingEventKind }) {
  const { t } = useTranslation('virtualGroups');
  return (
    <Tag color={colours[kind]} variant="filled" className="event-tag">
      {t(`smartEvents.kinds.${kind}`)}
    </Tag>
  );
}

/** A load-manager event in words: what happened and, for a plan, who got how many amperes and why; for a failsafe, what it assumed. */
export function SmartEventText({ kind, detail }: { kind: SmartChargingEventKind; detail: Record<string, unknown> | null }) {
  const { t } = useTranslation('virtualGroups');
  const fmt = useNumberFormat();
  const words = eventWords(
    eventText(
      kind,
      detail,
      (a) => fmt.decimal(a, 1),
      formatDateTime,
      (a) => fmt.decimal(a, 2),
    ),
    (key, options) => t(key, options),
  );
  return (
    <span className="sc-event-text">
      <span>{words.text}</span>
      {words.lines.length ? (
        <ul className="sc-event-text__lines">
          {words.lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
