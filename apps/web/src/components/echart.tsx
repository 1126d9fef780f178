import { useEffect, useRef, type CSSProperties } from 'react';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([CanvasRenderer]);

export type EChartOption = Parameters<echarts.ECharts['setOption']>[0];

/**
 * One ECharts instance in a div: created once, options replaced on change, resized with its box,
 * disposed on unmount. Callers register the chart types and components they use (tree-shaken:
 * `echarts.use([PieChart, TooltipComponent])` from 'echarts/core' in their own module).
 */
export function EChart({
  option,
  className,
  style,
  label,
  testId,
}: {
  option: EChartOption;
  className?: string;
  style?: CSSProperties;
  /** Accessible name of the chart region; give the figures as text beside it too. */
  label: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!ref.current) return undefined;
    const instance = echarts.init(ref.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={ref} className={className} style={style} role="img" aria-label={label} data-testid={testId} />;
}
