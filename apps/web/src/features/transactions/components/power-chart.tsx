import { useMemo } from 'react';
import { Empty, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LineChart } from 'echarts/charts';
import { GridComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { MeterPoint } from '@recarga/contracts/transactions';
import { EChart, type EChartOption } from '../../../components/echart';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { powerSeriesKw } from '../model/power-series';
import { timeTicks } from '../model/time-ticks';

echarts.use([LineChart, GridComponent, TitleComponent, TooltipComponent]);

interface Props {
  transactionId: number;
  /** Power.Active.Import samples (W). */
  points: MeterPoint[];
  /** Unit the server reported for the series (W, or kW when not normalised). */
  unit?: string;
}

/** Power over the recharge in kW with 2 decimals (001 §2), with a text summary for screen readers. */
export function PowerChart({ transactionId, points, unit }: Props) {
  const { t } = useTranslation('transactions');
  const fmt = useNumberFormat();
  const { token } = theme.useToken();
  const series = useMemo(() => powerSeriesKw(points, unit), [points, unit]);
  const peak = series.reduce((max, p) => Math.max(max, p[1]), 0);
  const ticks = useMemo(() => timeTicks(series.length ? series[series.length - 1]![0] - series[0]![0] : 0), [series]);
  const title = t('detail.chartTitle');

  const option = useMemo<EChartOption>(
    () => ({
      title: { text: title, left: 0, top: 0, textStyle: { fontSize: 13, fontWeight: 600, color: token.colorText } },
      grid: { left: 8, right: 16, top: 40, bottom: 4, containLabel: true },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => `${fmt.decimal(Number(v), 2)} kW`,
      },
      xAxis: {
        type: 'time',
        minInterval: ticks.minInterval,
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisLabel: { color: token.colorTextSecondary, fontSize: 11, hideOverlap: true, formatter: ticks.format },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        name: 'kW',
        nameTextStyle: { color: token.colorTextSecondary, fontSize: 11 },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        axisLabel: { color: token.colorTextSecondary, fontSize: 11, formatter: (v: number) => fmt.decimal(v, 2) },
      },
      series: [
        {
          type: 'line',
          name: t('detail.series'),
          data: series,
          showSymbol: series.length < 40,
          symbolSize: 5,
          smooth: 0.2,
          lineStyle: { width: 2, color: token.colorPrimary },
          itemStyle: { color: token.colorPrimary },
          areaStyle: { color: token.colorPrimary, opacity: 0.12 },
        },
      ],
    }),
    [
      series,
      ticks,
      fmt,
      title,
      t,
      token.colorPrimary,
      token.colorText,
      token.colorBorder,
      token.colorBorderSecondary,
      token.colorTextSecondary,
    ],
  );

  if (series.length === 0) {
    return (
      <div className="tx-chart tx-chart--empty">
        <Typography.Text strong>{title}</Typography.Text>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noPower')} />
      </div>
    );
  }
  const summary = t('detail.chartSummary', { n: series.length, peak: fmt.decimal(peak, 2) });
  return (
    <div className="tx-chart">
      <EChart option={option} className="tx-chart__canvas" label={`${title}. ${summary}`} testId={`tx-power-chart-${transactionId}`} />
    </div>
  );
}
