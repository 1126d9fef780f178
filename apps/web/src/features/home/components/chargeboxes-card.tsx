import { useMemo } from 'react';
import { Card, Skeleton, theme } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PieChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { StationStatusCounts } from '@recarga/contracts/stats';
import { EChart, type EChartOption } from '../../../components/echart';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { COUNT_UP_MS } from '../utils/count-up';
import { AnimatedNumber } from './animated-number';
import { CardTitle } from './users-card';

echarts.use([PieChart, TooltipComponent]);

const order = ['charging', 'available', 'unavailable', 'maintenance'] as const;

/** Stations by status group (pie), the same colours as the map legend. */
export function ChargeboxesCard({ counts }: { counts: StationStatusCounts | undefined }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const fmt = useNumberFormat();
  const colours: Record<(typeof order)[number], string> = useMemo(
    () => ({
      charging: token.orange,
      available: token.colorSuccess,
      unavailable: `color-mix(in srgb, ${token.colorText} 30%, ${token.colorBgContainer})`,
      maintenance: token['blue-9'],
    }),
    [token],
  );
  const option = useMemo<EChartOption>(() => {
    const data = counts ? order.map((k) => ({ name: t(`stations.${k}`), value: counts[k], itemStyle: { color: colours[k] } })) : [];
    const empty = !counts || counts.total === 0;
    return {
      animationDuration: COUNT_UP_MS,
      animationEasing: 'cubicOut',
      tooltip: { trigger: 'item', valueFormatter: (v: unknown) => fmt.integer(Number(v)) },
      series: [
        {
          type: 'pie',
          radius: ['62%', '88%'],
          padAngle: empty ? 0 : 2,
          itemStyle: { borderRadius: 4 },
          label: { show: false },
          emphasis: { scale: true, scaleSize: 4 },
          silent: empty,
          data: empty ? [{ name: '', value: 1, itemStyle: { color: token.colorFillSecondary } }] : data,
        },
      ],
    };
  }, [counts, colours, fmt, t, token.colorFillSecondary]);

  return (
    <Card
      className="panel-card"
      variant="borderless"
      data-testid="card-chargeboxes"
      title={<CardTitle icon={<ThunderboltOutlined />} text={t('stations.title')} />}
    >
      {!counts ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <div className="donut-card">
          <div className="donut-card__chart">
            <EChart
              option={option}
              className="donut-card__canvas"
              label={t('stations.chartLabel', { ...counts })}
              testId="chart-chargeboxes"
            />
            <div className="donut-card__center">
              <AnimatedNumber
                value={counts.total}
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
                <AnimatedNumber value={counts[k]} format={fmt.integer} testId={`value-stations-${k}`} className="status-legend__value" />
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
