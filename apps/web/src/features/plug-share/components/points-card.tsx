import { useMemo, useState } from 'react';
import { Button, Card, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, EnvironmentOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlugSharePoint } from '@recarga/contracts/stats';
import { LoadError } from '../../../components/load-error';
import { saveBlob } from '../../../lib/download-file';
import { formatDateTime } from '../../../lib/format/date-time';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { usePlugSharePoints } from '../api/get-plug-share-points';
import { buildCsv, csvStyleFor, toCsvPoint } from '../model/plug-share-file';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The tenant's current third-party points, searchable, with their count and a CSV of them (the import format). */
export function PointsCard({ tenantPk, tenantName }: { tenantPk: number | null; tenantName: string }) {
  const { t, i18n } = useTranslation('plugShare');
  const points = usePlugSharePoints(tenantPk);
  const [search, setSearch] = useState('');
  const locale = useLanguageTag();
  const coordinate = useMemo(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 4, maximumFractionDigits: 6 }), [locale]);

  const list = useMemo(() => points.data?.points ?? [], [points.data]);
  const shown = useMemo(() => {
    const term = fold(search.trim());
    if (!term) return list;
    return list.filter((p) => fold([p.id, p.name, p.street, p.city, p.state].filter(Boolean).join(' ')).includes(term));
  }, [list, search]);

  const columns: TableColumnsType<PlugSharePoint> = [
    {
      key: 'name',
      title: t('points.name'),
      sorter: (a, b) => a.name.localeCompare(b.name, locale),
      render: (_, p) => (
        <div className="ps-point">
          <span className="ps-point__name">{p.name}</span>
          <span className="ps-point__id">{p.id}</span>
        </div>
      ),
    },
    {
      key: 'address',
      title: t('points.address'),
      render: (_, p) => {
        const place = [p.city, p.state].filter(Boolean).join(' – ');
        if (!p.street && !place) return <Typography.Text type="secondary">{t('points.noAddress')}</Typography.Text>;
        return (
          <div className="ps-point">
            <span>{p.street || place}</span>
            {p.street && place ? <span className="ps-point__id">{place}</span> : null}
          </div>
        );
      },
    },
    {
      key: 'position',
      title: t('points.position'),
      responsive: ['lg'],
      render: (_, p) =>
        p.latitude !== null && p.longitude !== null ? (
          <span className="ps-position">
            <EnvironmentOutlined aria-hidden="true" /> {coordinate.format(p.latitude)}, {coordinate.format(p.longitude)}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'connectors',
      title: t('points.connectors'),
      render: (_, p) =>
        p.connectors.length ? (
          <div className="ps-tags">
            {p.connectors.map((c, i) => (
              <Tag key={`${c}-${i}`} color="geekblue">
                {c || t('points.unknownConnector')}
              </Tag>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('points.noConnectors')}</Typography.Text>
        ),
    },
    {
      key: 'updated',
      title: t('points.updated'),
      width: 180,
      responsive: ['md'],
      sorter: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
      render: (_, p) => formatDateTime(p.updatedAt),
    },
  ];

  return (
    <Card
      variant="borderless"
      className="section-card ps-points"
      title={
        <span className="ps-points__title">
          {t('points.title', { tenant: tenantName })}
          {points.data ? (
            <Tag className="ps-count" data-testid="plug-share-count" data-count={points.data.count}>
              {t('points.count', { count: points.data.count })}
            </Tag>
          ) : null}
        </span>
      }
      extra={
        <div className="ps-points__tools">
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden="true" />}
            placeholder={t('points.search')}
            aria-label={t('points.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="ps-points__search"
          />
          <Button
            icon={<DownloadOutlined aria-hidden="true" />}
            disabled={!list.length}
            onClick={() =>
              saveBlob(
                new Blob([buildCsv(list.map(toCsvPoint), csvStyleFor(i18n.language))], { type: 'text/csv;charset=utf-8' }),
                t('points.exportFile', { tenant: tenantName.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase() }),
              )
            }
          >
            {t('points.export')}
          </Button>
        </div>
      }
    >
      {points.isError ? (
        <LoadError
          title={t('points.loadError')}
          retryText={t('import.retry')}
          onRetry={() => void points.refetch()}
          className="ps-block ps-block--top"
        />
      ) : null}
      <Table<PlugSharePoint>
        rowKey="chargeBoxPk"
        columns={columns}
        dataSource={shown}
        loading={points.isLoading}
        locale={{ emptyText: search ? t('points.noMatch') : t('points.empty', { tenant: tenantName }) }}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 760 }}
        data-testid="plug-share-points"
      />
    </Card>
  );
}
