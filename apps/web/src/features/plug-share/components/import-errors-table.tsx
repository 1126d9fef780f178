import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateServerMessage, type ImportErrorRow } from '../model/plug-share-file';

/** The per-line problems of a rejected file: line, column and what to fix. */
export function ImportErrorsTable({ rows }: { rows: ImportErrorRow[] }) {
  const { t } = useTranslation('plugShare');
  const text = (message: string) => {
    const known = translateServerMessage(message);
    return known ? t(`serverErrors.${known.key}`, known.values) : message;
  };
  const columns: TableColumnsType<ImportErrorRow> = [
    {
      key: 'line',
      title: t('errors.line'),
      width: 90,
      render: (_, r) => (r.line === null ? t('errors.wholeFile') : r.line),
    },
    {
      key: 'column',
      title: t('errors.column'),
      width: 130,
      render: (_, r) => (r.column ? <code className="ps-code">{r.column}</code> : '—'),
    },
    { key: 'message', title: t('errors.problem'), render: (_, r) => text(r.message) },
  ];
  return (
    <Table<ImportErrorRow>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
      className="ps-errors"
      data-testid="plug-share-errors"
      aria-label={t('errors.tableLabel')}
    />
  );
}
