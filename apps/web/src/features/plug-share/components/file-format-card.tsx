import { Button, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PLUG_SHARE_MAX_ROWS, plugShareColumns, plugShareRequiredColumns } from '@recarga/contracts/stats';
import { saveBlob } from '../../../lib/download-file';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useConnectorTypeNames } from '../api/get-connector-type-names';
import { buildCsv, csvStyleFor, examplePoints, type PlugShareColumn } from '../model/plug-share-file';

interface ColumnRow {
  column: PlugShareColumn;
  required: boolean;
}

const rows: ColumnRow[] = plugShareColumns.map((column) => ({
  column,
  required: (plugShareRequiredColumns as readonly string[]).includes(column),
}));

/** The expected file: columns, an example and a template generated in the browser. */
export function FileFormatCard({ country }: { country: string | undefined }) {
  const { t, i18n } = useTranslation('plugShare');
  const fmt = useNumberFormat();
  const types = useConnectorTypeNames();
  const style = csvStyleFor(i18n.language);
  const examples = examplePoints(country);
  const example = buildCsv(examples, style)
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .replace(/\r\n/g, '\n');
  const maxRows = fmt.integer(PLUG_SHARE_MAX_ROWS);

  const columns: TableColumnsType<ColumnRow> = [
    { key: 'column', title: t('format.column'), width: 120, render: (_, r) => <code className="ps-code">{r.column}</code> },
    {
      key: 'required',
      title: t('format.required'),
      width: 110,
      render: (_, r) => (r.required ? <Tag color="blue">{t('format.yes')}</Tag> : <Tag>{t('format.optional')}</Tag>),
    },
    { key: 'description', title: t('format.description'), render: (_, r) => t(`format.columns.${r.column}`) },
  ];

  return (
    <Card
      variant="borderless"
      className="section-card ps-format"
      title={t('format.title')}
      extra={
        <Button
          icon={<DownloadOutlined aria-hidden="true" />}
          onClick={() => saveBlob(new Blob([buildCsv(examples, style)], { type: 'text/csv;charset=utf-8' }), t('format.templateFile'))}
          data-testid="plug-share-template"
        >
          {t('format.template')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" className="ps-format__intro">
        {t('format.intro', { maxRows, separator: style.separator })}
      </Typography.Paragraph>
      <Table<ColumnRow>
        size="small"
        rowKey="column"
        columns={columns}
        dataSource={rows}
        pagination={false}
        className="ps-format__columns"
      />
      <Typography.Title level={5} className="ps-format__subtitle">
        {t('format.example')}
      </Typography.Title>
      <ol className="ps-example" aria-label={t('format.exampleLabel')} data-testid="plug-share-example">
        {example.split('\n').map((line, i) => (
          <li key={i}>
            <code>{line}</code>
          </li>
        ))}
      </ol>
      <Typography.Title level={5} className="ps-format__subtitle">
        {t('format.connectorTypes')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="ps-format__hint">
        {t('format.connectorHint')}
      </Typography.Paragraph>
      <div className="ps-tags">
        {(types.data ?? []).map((name) => (
          <Tag key={name}>{name}</Tag>
        ))}
      </div>
    </Card>
  );
}
