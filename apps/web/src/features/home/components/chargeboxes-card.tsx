import { useMemo } from 'react';
import { Skeleton, theme } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StationStatusCounts } from '@recarga/contracts/stats';
import { DonutChart } from '../../../components/donut-chart';
import { Panel } from '../../../components/panel';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { wholeParts, useCountUpGroup } from '../utils/count-up';
import { Figure } from './animated-number';
import { CardTitle } from './users-card';

const order = ['charging', 'available', 'unavailable', 'maintenance'] as const;

/** Stations by status group (pie), the same colours as the map legend. */
export function ChargeboxesCard({ counts }: { counts: StationStatusCounts | undefined }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const fmt = useNumberFormat();
  // One clock for the total and its parts: the legend always adds up to the figure in the middle.
  const targets = useMemo(() => (counts ? order.map((k) => counts[k]) : undefined), [counts]);
  const animated = useCountUpGroup(targets);
  const shownParts = wholeParts(order.map((_, i) => animated[i] ?? 0));
  const shownTotal = shownParts.reduce((sum, n) => sum + n, 0);
  const colours: Record<(typeof order)[number], string> = useMemo(
    () => ({
      charging: token.orange,
      available: token.colorSuccess,
      unavailable: `color-mix(in srgb, ${token.colorText} 30%, ${token.colorBgContainer})`,
      maintenance: token['blue-9'],
    }),
    [token],
  );
  return (
    <Panel
      className="panel-card"
      data-testid="card-chargeboxes"
      title={<CardTitle icon={<ThunderboltOutlined />} text={t('stations.title')} />}
    >
      {!counts ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <div className="donut-card">
          <div className="donut-card__chart">
            <DonutChart
              segments={order.map((k, i) => ({
                key: k,
                label: t(`stations.${k}`),
                value: animated[i] ?? 0,
                valueText: fmt.integer(counts[k]),
                color: colours[k],
              }))}
              total={counts.total}
              trackColor={token.colorFillSecondary}
              className="donut-card__canvas"
              label={t('stations.chartLabel', { ...counts })}
              testId="chart-chargeboxes"
            />
            <div className="donut-card__center">
              <Figure
                value={counts.total}
                shown={shownTotal}
                format={fmt.integer}
                testId="value-stations-total"
                className="donut-card__center-value"
              />
              <span className="donut-card__center-caption">{t('stations.total')}</span>
            </div>
          </div>
          <ul className="status-legend">
            {order.map((k) => (
              <li key={k}>
                <span className="status-legend__dot" style={{ background: colours[k] }} aria-hidden="true" />
                <span className="status-legend__label">{t(`stations.${k}`)}</span>
                <Figure
                  value={counts[k]}
                  shown={shownParts[order.indexOf(k)]!}
                  format={fmt.integer}
                  testId={`value-stations-${k}`}
                  className="status-legend__value"
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
