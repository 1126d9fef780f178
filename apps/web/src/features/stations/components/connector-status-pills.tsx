import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChargePointListItem } from '@recarga/contracts/stations';

type Connector = ChargePointListItem['connectors'][number];

/**
 * Connectors of a station as coloured pills, one per connector, coloured by status group (busy,
 * available, maintenance, unavailable); the text names connector and status for screen readers.
 */
export function ConnectorStatusPills({ connectors }: { connectors: Connector[] }) {
  const { t } = useTranslation('stations');
  if (connectors.length === 0) return <span className="muted-text">{t('list.noConnectors')}</span>;
  const sorted = [...connectors].sort((a, b) => a.connectorId - b.connectorId);
  return (
    <ul className="connector-pills" aria-label={t('list.connectorsLabel')}>
      {sorted.map((c) => {
        const group = t(`statusGroups.${c.statusGroup}`);
        // OCPP's status in the interface language; a status the interface does not know is shown as sent.
        const reported = c.lastStatus.status;
        const status = c.unusualStatus
          ? t(`unusualStatus.${c.unusualStatus}`)
          : reported
            ? t(`connectorStatus.${reported}`, { defaultValue: reported })
            : t('list.neverReported');
        const label = t('list.connectorPill', { id: c.connectorId, group, status });
        return (
          <li key={c.connectorId}>
            <Tooltip title={label}>
              <span
                className={`connector-pill connector-pill--${c.statusGroup}${!c.lastStatus.status && !c.unusualStatus ? ' connector-pill--unknown' : ''}`}
                data-testid={`connector-pill-${c.connectorId}`}
                data-status={c.lastStatus.status ?? ''}
                data-group={c.statusGroup}
              >
                <span className="connector-pill__dot" aria-hidden="true" />
                <span aria-hidden="true">{c.connectorId}</span>
                <span className="visually-hidden">{label}</span>
              </span>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}

/** The legend of the four status groups above the station table. */
export function ConnectorStatusLegend() {
  const { t } = useTranslation('stations');
  return (
    <ul className="status-legend" aria-label={t('list.legend')}>
      {(['available', 'busy', 'maintenance', 'unavailable'] as const).map((g) => (
        <li key={g}>
          <span className={`connector-pill__dot connector-pill__dot--${g}`} aria-hidden="true" />
          {t(`statusGroups.${g}`)}
        </li>
      ))}
    </ul>
  );
}
