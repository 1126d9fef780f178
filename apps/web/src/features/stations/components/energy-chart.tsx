import { useMemo } from 'react';
import { Empty, Skeleton, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import dayjs from 'dayjs';
import { EChart, type EChartOption } from '../../../components/echart';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { useStationEnergy } from '../api/get-station-energy';

echarts.use([BarChart, GridComponent, TooltipComponent]);

/** kWh delivered per day over the last 28 days (bar chart), with a text summary for screen readers. */
export function EnergyChart({ pk }: { pk: number }) {
  const { t } = useTranslation('stations');
  const language = useLanguageTag();
  const { token } = theme.useToken();
  const { data, isLoading, isError } = useStationEnergy(pk);
  const numberFormat = useMemo(() => new Intl.NumberFormat(language, { maximumFractionDigits: 3 }), [language]);
  const total = data ? data.series.reduce((sum, p) => sum + p.y, 0) : 0;

  const option = useMemo<EChartOption | null>(() => {
    if (!data) return null;
    return {
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
    };
  }, [data, numberFormat, token.colorPrimary, token.colorBorder, token.colorBorderSecondary, token.colorTextSecondary, t]);

  if (isLoading) return <Skeleton.Node active className="energy-chart__skeleton" />;
  if (isError) return <Typography.Text type="danger">{t('card.energyError')}</Typography.Text>;
  if (!data || !option || data.series.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.noEnergy')} />;
  const summary = t('card.energySummary', { total: numberFormat.format(total), days: data.series.length });
  return (
    <div className="energy-chart">
      <Typography.Text type="secondary" className="energy-chart__total">
        {summary}
      </Typography.Text>
      <EChart option={option} className="energy-chart__canvas" label={summary} testId="energy-chart" />
    </div>
  );
}
