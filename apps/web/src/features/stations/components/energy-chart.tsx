import { useEffect, useRef } from 'react';
import { Empty, Skeleton, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import dayjs from 'dayjs';
import { useStationEnergy } from '../api/get-station-energy';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** kWh delivered per day over the last 28 days (bar chart), with a text summary for screen readers. */
export function EnergyChart({ pk }: { pk: number }) {
  const { t, i18n } = useTranslation('stations');
  const { token } = theme.useToken();
  const { data, isLoading, isError } = useStationEnergy(pk);
  const ref = useRef<HTMLDivElement>(null);
  const numberFormat = new Intl.NumberFormat(i18n.language === 'br' ? 'pt-BR' : i18n.language, { maximumFractionDigits: 3 });
  const total = data ? data.series.reduce((sum, p) => sum + p.y, 0) : 0;

  useEffect(() => {
    if (!ref.current || !data) return undefined;
    const chart = echarts.init(ref.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      grid: { left: 8, right: 8, top: 16, bottom: 4, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v: unknown) => `${numberFormat.format(Number(v))} kWh`,
      },
      xAxis: {
        type: 'category',
        data: data.series.map((p) => dayjs(String(p.x)).format('DD/MM')),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisLabel: { color: token.colorTextSecondary, fontSize: 11, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        axisLabel: { color: token.colorTextSecondary, fontSize: 11, formatter: (v: number) => numberFormat.format(v) },
      },
      series: [
        {
          type: 'bar',
          name: t('card.energy'),
          data: data.series.map((p) => p.y),
          barMaxWidth: 18,
          itemStyle: { color: token.colorPrimary, borderRadius: [4, 4, 0, 0] },
        },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
    // The number format follows the language, which does not change while the chart is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, token.colorPrimary, token.colorBorder, token.colorBorderSecondary, token.colorTextSecondary, t]);

  if (isLoading) return <Skeleton.Node active className="energy-chart__skeleton" />;
  if (isError) return <Typography.Text type="danger">{t('card.energyError')}</Typography.Text>;
  if (!data || data.series.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.noEnergy')} />;
  const summary = t('card.energySummary', { total: numberFormat.format(total), days: data.series.length });
  return (
    <div className="energy-chart">
      <Typography.Text type="secondary" className="energy-chart__total">
        {summary}
      </Typography.Text>
      <div ref={ref} className="energy-chart__canvas" role="img" aria-label={summary} data-testid="energy-chart" />
    </div>
  );
}
