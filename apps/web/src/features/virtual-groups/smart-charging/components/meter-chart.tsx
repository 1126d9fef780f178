import { useMemo } from 'react';
import { Card, Empty, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import dayjs from 'dayjs';
import { EChart, type EChartOption } from '../../../../components/echart';
import { LoadError } from '../../../../components/load-error';
import { useNumberFormat } from '../../../../lib/format/use-number-format';
import { useMeterSeries } from '../api/get-meter-series';

echarts.use([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent]);

const DAY_MS = 24 * 60 * 60 * 1000;

const phaseKeys = [
  ['01', 'A'],
  ['02', 'B'],
  ['03', 'C'],
] as const;

/** The meter's phases over the last 24 hours in amperes, with the breaker's rating as a line (002 §2 Smart Charging tab). */
export function MeterChart({ deviceRemoteId, breakerA }: { deviceRemoteId: string; breakerA: number | null }) {
  const { t } = useTranslation('virtualGroups');
  const fmt = useNumberFormat();
  const { token } = theme.useToken();
  const series = useMeterSeries(deviceRemoteId);
  const points = useMemo(() => series.data?.points ?? [], [series.data]);
  /**
   * One hue per phase, none the brand's, the breaker line's red or a status colour: blue 6, orange 7
   * and purple 5 of antd's palette keep at least 3:1 (WCAG 1.4.11) on a white card (4.1, 3.6, 4.6)
   * and on a dark one, #141414 (4.5, 5.2, 4.0).
   */
  const colours = [token.blue6, token.orange7, token.purple5];
  // The axis spans exactly the title's 24 hours, ending when the series was read.
  const end = series.dataUpdatedAt || Date.now();
  const start = end - DAY_MS;

  const option = useMemo<EChartOption>(
    () => ({
      grid: { left: 8, right: 16, top: 48, bottom: 4, containLabel: true },
      legend: { top: 0, right: 0, textStyle: { color: token.colorTextSecondary, fontSize: 12 } },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${fmt.decimal(Number(v), 2)} A` },
      xAxis: {
        type: 'time',
        min: start,
        max: end,
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisLabel: { color: token.colorTextSecondary, fontSize: 11, hideOverlap: true, formatter: (v: number) => dayjs(v).format('HH:mm') },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        name: 'A',
        nameTextStyle: { color: token.colorTextSecondary, fontSize: 11 },
        // Room above the breaker's line; the axis' own top label is left out (it would sit on the line's).
        max: breakerA ? (value: { max: number }) => Math.ceil(Math.max(value.max, breakerA) * 1.08) : undefined,
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        axisLabel: { color: token.colorTextSecondary, fontSize: 11, showMaxLabel: !breakerA },
      },
      series: phaseKeys.map(([key, name], i) => ({
        type: 'line',
        name: t('meter.phase', { phase: name }),
        data: points.map((p) => [p.timestamp, p.current[key]]),
        showSymbol: points.length < 40,
        symbolSize: 4,
        lineStyle: { width: 2, color: colours[i] },
        itemStyle: { color: colours[i] },
        ...(i === 0 && breakerA
          ? {
              markLine: {
                symbol: 'none',
                silent: true,
                lineStyle: { color: token.colorError, type: 'dashed' },
                label: {
                  formatter: `${t('chart.breaker')} ${fmt.decimal(breakerA, 1)} A`,
                  color: token.colorError,
                  position: 'insideEndTop',
                },
                data: [{ yAxis: breakerA }],
              },
            }
          : {}),
      })),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [points, breakerA, fmt, t, token, start, end],
  );

  const peak = points.reduce((max, p) => Math.max(max, p.max_phase), 0);
  return (
    <Card variant="borderless" className="section-card">
      <h2 className="vg-section-title">{t('chart.title')}</h2>
      {series.isError ? (
        <LoadError title={t('chart.loadError')} retryText={t('smart.retry')} onRetry={() => void series.refetch()} />
      ) : series.isLoading ? null : points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />
      ) : (
        <EChart
          option={option}
          className="sc-chart"
          label={`${t('chart.title')}. ${t('chart.summary', { n: points.length, peak: fmt.decimal(peak, 1) })}`}
          testId="sc-meter-chart"
        />
      )}
    </Card>
  );
}
