import { useMemo, useState } from 'react';
import { Card, Col, Row, Segmented, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Graph } from '@recarga/contracts/station-graphs';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { StationSelect } from '../../../components/station-select';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { useGraphs, type GraphsParams } from '../api/get-graphs';
import { GraphCard, type GraphView } from '../components/graph-card';
import '../indicators.css';

const PERIODS = [7, 28, 365] as const;

/**
 * /indicators — the statistics charts (000 §2): station and period (7, 28, 365 days) filters and
 * six charts (recharges, duration, energy, autonomy, length of stay, popular hours) from
 * GET stations/dashboard/graphs with the browser's offset (timeDiff).
 */
export function IndicatorsPage() {
  const { t } = useTranslation('indicators');
  const [params, setParams] = useState<GraphsParams>({ days: 7 });
  const { data, isLoading, isError, refetch, isFetching } = useGraphs(params);
  const tag = useLanguageTag();

  const views = useMemo(() => {
    if (!data) return [];
    const num = (digits: number) => new Intl.NumberFormat(tag, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
    const int = num(0);
    const one = num(1);
    const sum = (g: Graph) => g.series.reduce((s, p) => s + p.y, 0);
    const avgOfDays = (g: Graph) => {
      const days = g.series.filter((p) => p.y > 0);
      return days.length ? days.reduce((s, p) => s + p.y, 0) / days.length : 0;
    };
    const peak = (g: Graph) => g.series.reduce((best, p) => (p.y > best.y ? p : best), { x: '', y: 0 } as Graph['series'][number]);
    const out: GraphView[] = [];
    for (const graph of data.graphs) {
      const base = {
        graph,
        title: t(`charts.${graph.key}.title`, { defaultValue: graph.title }),
        tooltip: t(`charts.${graph.key}.tooltip`, { defaultValue: graph.tooltip }),
      };
      if (graph.key === 'recharges')
        out.push({
          ...base,
          kind: 'bar',
          unit: '',
          axis: 'day',
          format: int.format,
          summary: t('summary.total', { value: int.format(sum(graph)) }),
        });
      if (graph.key === 'duration')
        out.push({
          ...base,
          kind: 'bar',
          unit: '',
          axis: 'bucket',
          format: int.format,
          summary: t('summary.finished', { value: int.format(sum(graph)) }),
        });
      if (graph.key === 'energy')
        out.push({ ...base, kind: 'line', unit: 'kWh', axis: 'day', format: one.format, summary: `${one.format(sum(graph))} kWh` });
      if (graph.key === 'autonomy')
        out.push({ ...base, kind: 'bar', unit: 'km', axis: 'day', format: int.format, summary: `${int.format(sum(graph))} km` });
      if (graph.key === 'lengthOfStay')
        out.push({
          ...base,
          kind: 'line',
          unit: 'h',
          axis: 'day',
          format: num(2).format,
          summary: t('summary.average', { value: `${one.format(avgOfDays(graph))} h` }),
        });
      if (graph.key === 'popularHours') {
        const p = peak(graph);
        out.push({
          ...base,
          kind: 'bar',
          unit: '',
          axis: 'hour',
          format: int.format,
          summary: p.y > 0 ? t('summary.peak', { hour: `${p.x}h` }) : '—',
        });
      }
    }
    return out;
  }, [data, t, tag]);

  return (
    <div className="indicators-page">
      <PageHeader
        title={t('title')}
        subtitle={
          data
            ? t('subtitle', { from: data.fromDate.split('-').reverse().join('/'), to: data.toDate.split('-').reverse().join('/') })
            : undefined
        }
      />
      <Card className="section-card indicators-filters" variant="borderless">
        <label className="indicators-filters__field">
          <Typography.Text type="secondary">{t('filters.station')}</Typography.Text>
          <StationSelect
            allowClear
            value={params.stationId}
            placeholder={t('filters.allStations')}
            onChange={(stationId) => setParams((p) => ({ ...p, stationId }))}
            className="indicators-filters__station"
            data-testid="indicators-station"
            aria-label={t('filters.station')}
          />
        </label>
        <div className="indicators-filters__field">
          <Typography.Text type="secondary">{t('filters.period')}</Typography.Text>
          <Segmented
            value={params.days}
            onChange={(days) => setParams((p) => ({ ...p, days: days as GraphsParams['days'] }))}
            options={PERIODS.map((d) => ({ value: d, label: t(`filters.days${d}`) }))}
            data-testid="indicators-period"
          />
        </div>
        {isFetching && !isLoading ? (
          <Typography.Text type="secondary" className="indicators-filters__busy">
            {t('loading')}
          </Typography.Text>
        ) : null}
      </Card>
      {isError ? (
        <LoadError title={t('error')} retryText={t('retry')} onRetry={() => void refetch()} />
      ) : isLoading ? (
        <Row gutter={[16, 16]}>
          {Array.from({ length: 6 }, (_, i) => (
            <Col key={i} xs={24} xl={12}>
              <Card variant="borderless" className="graph-card">
                <Skeleton active paragraph={{ rows: 6 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <Row gutter={[16, 16]}>
          {views.map((view) => (
            <Col key={view.graph.key} xs={24} xl={12}>
              <GraphCard view={view} emptyText={t('empty')} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
