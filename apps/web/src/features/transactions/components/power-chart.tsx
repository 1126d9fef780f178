import { useEffect, useMemo, useRef } from 'react';
import { Empty, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LineChart } from 'echarts/charts';
import { GridComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import dayjs from 'dayjs';
import type { MeterPoint } from '@recarga/contracts/transactions';
import { powerSeriesKw } from '../model/power-series';

echarts.use([LineChart, GridComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

interface Props {
  transactionId: number;
  /** Power.Active.Import samples (W). */
  points: MeterPoint[];
  /** Unit the server reported for the series (W, or kW when not normalised). */
  unit?: string;
}

/** Power over the recharge in kW with 2 decimals (001 §2), with a text summary for screen readers. */
export function PowerChart({ transactionId, points, unit }: Props) {
  const { t, i18n } = useTranslation('transactions');
  const { token } = theme.useToken();
  const ref = useRef<HTMLDivElement>(null);
  const series = useMemo(() => powerSeriesKw(points, unit), [points, unit]);
  const numberLocale = i18n.language === 'br' ? 'pt-BR' : i18n.language;
  const kw = useMemo(() => new Intl.NumberFormat(numberLocale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), [numberLocale]);
  const peak = series.reduce((max, p) => Math.max(max, p[1]), 0);
  const title = t('detail.chartTitle');

  useEffect(() => {
    if (!ref.current || series.length === 0) return undefined;
    const chart = echarts.init(ref.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      title: { text: title, left: 0, top: 0, textStyle: { fontSize: 13, fontWeight: 600, color: token.colorText } },
      grid: { left: 8, right: 16, top: 40, bottom: 4, containLabel: true },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => `${kw.format(Number(v))} kW`,
      },
      xAxis: {
        type: 'time',
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisLabel: { color: token.colorTextSecondary, fontSize: 11, hideOverlap: true, formatter: (v: number) => dayjs(v).format('HH:mm') },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        name: 'kW',
        nameTextStyle: { color: token.colorTextSecondary, fontSize: 11 },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        axisLabel: { color: token.colorTextSecondary, fontSize: 11, formatter: (v: number) => kw.format(v) },
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
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [series, kw, title, t, token.colorPrimary, token.colorText, token.colorBorder, token.colorBorderSecondary, token.colorTextSecondary]);

  if (series.length === 0) {
    return (
      <div className="tx-chart tx-chart--empty">
        <Typography.Text strong>{title}</Typography.Text>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noPower')} />
      </div>
    );
  }
  const summary = t('detail.chartSummary', { n: series.length, peak: kw.format(peak) });
  return (
    <div className="tx-chart">
      <div
        ref={ref}
        className="tx-chart__canvas"
        role="img"
        aria-label={`${title}. ${summary}`}
        data-testid={`tx-power-chart-${transactionId}`}
      />
    </div>
  );
}
