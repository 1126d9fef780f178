import { useMemo } from 'react';
import { Card, Empty, theme, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import dayjs from 'dayjs';
import type { Graph } from '@recarga/contracts/station-graphs';
import { EChart, type EChartOption } from '../../../components/echart';
import { useNumberFormat } from '../../../lib/format/use-number-format';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent]);

export interface GraphView {
  graph: Graph;
  title: string;
  tooltip: string;
  /** Headline figure of the chart (a total or an average), already formatted. */
  summary: string;
  kind: 'bar' | 'line';
  unit: string;
  format: (n: number) => string;
  /** Category labels: days (DD/MM), hours (0h..23h) or the duration buckets. */
  axis: 'day' | 'hour' | 'bucket';
}

/** One chart of the statistics page, with its headline figure and an accessible text summary. */
export function GraphCard({ view, emptyText }: { view: GraphView; emptyText: string }) {
  const { token } = theme.useToken();
  const fmt = useNumberFormat();
  const { graph } = view;
  const empty = graph.series.every((p) => p.y === 0);
  const option = useMemo<EChartOption>(() => {
    const labels = graph.series.map((p) =>
      view.axis === 'day' ? dayjs(String(p.x)).format('DD/MM') : view.axis === 'hour' ? `${p.x}h` : String(p.x),
    );
    const colour = token.colorPrimary;
    return {
      grid: { left: 8, right: 22, top: 16, bottom: 4, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: view.kind === 'bar' ? 'shadow' : 'line' },
        valueFormatter: (v: unknown) => `${view.format(Number(v))}${view.unit ? ` ${view.unit}` : ''}`,
      },
      xAxis: {
        type: 'category',
        data: labels,
        boundaryGap: view.kind === 'bar',
        axisTick: { show: false },
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisLabel: { color: token.colorTextSecondary, fontSize: 11, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        minInterval: view.axis === 'hour' || graph.key === 'recharges' || graph.key === 'duration' ? 1 : undefined,
        splitLine: { lineStyle: { color: token.colorBorderSecondary, type: 'dashed' } },
        // The interface language's decimal separator, as in the figures beside the chart.
        axisLabel: { color: token.colorTextSecondary, fontSize: 11, formatter: (v: number) => fmt.axis(v) },
      },
      series: [
        view.kind === 'bar'
          ? {
              type: 'bar',
              data: graph.series.map((p) => p.y),
              barMaxWidth: 28,
              itemStyle: { color: colour, borderRadius: [4, 4, 0, 0] },
            }
          : {
              type: 'line',
              data: graph.series.map((p) => p.y),
              smooth: 0.25,
              symbol: graph.series.length > 40 ? 'none' : 'circle',
              symbolSize: 6,
              lineStyle: { width: 2.5, color: colour },
              itemStyle: { color: colour },
              areaStyle: {
                color: {
                  type: 'linear',
                  x: 0,
                  y: 0,
                  x2: 0,
                  y2: 1,
                  colorStops: [
                    { offset: 0, color: `${colour}55` },
                    { offset: 1, color: `${colour}05` },
                  ],
                },
              },
            },
      ],
    };
  }, [graph, view, token, fmt]);

  return (
    <Card
      className={`graph-card ${graph.className}`}
      variant="borderless"
      data-testid={`graph-${graph.key}`}
      title={
        <span className="graph-card__title">
          {view.title}
          <Tooltip title={view.tooltip}>
            <InfoCircleOutlined className="graph-card__info" aria-label={view.tooltip} />
          </Tooltip>
        </span>
      }
      extra={
        <Typography.Text strong className="graph-card__summary" data-testid={`graph-summary-${graph.key}`}>
          {view.summary}
        </Typography.Text>
      }
    >
      <div className="graph-card__frame">
        <EChart option={option} className="graph-card__chart" label={`${view.title}: ${view.summary}`} />
        {empty ? (
          <div className="graph-card__empty">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
