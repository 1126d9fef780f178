import { useEffect } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { ClearOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VoucherKind, VoucherListItem, VoucherStatus } from '@recarga/contracts/vouchers';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { intParam, oneOfParam, textParam, useUrlState } from '../../../lib/url-state';
import { useVouchers, type VoucherFilters } from '../api/get-vouchers';
import { VoucherKindTag, VoucherStatusTag } from '../components/voucher-status-tag';
import { useVoucherFormat } from '../components/use-voucher-format';
import {
  VOUCHER_CODE_MAX,
  VOUCHER_DESCRIPTION_MAX,
  VOUCHER_PAGE_SIZE,
  VOUCHER_TITLE_MAX,
  voucherKinds,
  voucherStatuses,
} from '../model/limits';
import { CREATE_PATH, detailPath } from '../model/paths';
import '../vouchers.css';

/** The list's filters and page in the address: `/vouchers?code=BEM&status=ACTIVE&page=2` (pages from 1). */
const listCodecs = {
  code: textParam,
  title: textParam,
  description: textParam,
  kind: oneOfParam(voucherKinds),
  status: oneOfParam(voucherStatuses),
  page: intParam(1),
};

type FilterValues = { code?: string; title?: string; description?: string; kind?: VoucherKind; status?: VoucherStatus };

/** /vouchers (002 §2): filters, 'Criar Voucher', the table (10 a page), the list error with links back and retry. */
export function VouchersPage() {
  const { t } = useTranslation('vouchers');
  const navigate = useNavigate();
  const format = useVoucherFormat();
  const [url, setUrl] = useUrlState(listCodecs);
  const [form] = Form.useForm<FilterValues>();
  const page = url.page ?? 1;
  const filters: VoucherFilters = { code: url.code, title: url.title, description: url.description, kind: url.kind, status: url.status };
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');
  // Every network of the user's scope (the server scopes the list).
  const { data, isLoading, isError, refetch, isFetching } = useVouchers({ ...filters, page });

  // The fields follow the address (back and forward, a shared link).
  useEffect(() => {
    form.setFieldsValue({ code: url.code, title: url.title, description: url.description, kind: url.kind, status: url.status });
  }, [form, url.code, url.title, url.description, url.kind, url.status]);

  const apply = (values: FilterValues) =>
    setUrl({
      code: values.code?.trim() || undefined,
      title: values.title?.trim() || undefined,
      description: values.description?.trim() || undefined,
      kind: values.kind,
      status: values.status,
      page: undefined,
    });

  const clear = () => {
    form.resetFields();
    setUrl({ code: undefined, title: undefined, description: undefined, kind: undefined, status: undefined, page: undefined });
  };

  const columns: TableColumnsType<VoucherListItem> = [
    {
      key: 'code',
      title: t('columns.code'),
      render: (_, row) => (
        <Link to={detailPath(row.voucher_pk)} className="voucher-code" aria-label={t('list.open', { code: row.code.toUpperCase() })}>
          {row.code.toUpperCase()}
        </Link>
      ),
    },
    { key: 'title', title: t('columns.name'), dataIndex: 'title', ellipsis: true },
    { key: 'total', title: t('columns.total'), align: 'right', responsive: ['md'], render: (_, row) => row.total },
    { key: 'used', title: t('columns.consumed'), align: 'right', responsive: ['md'], render: (_, row) => row.used_total },
    { key: 'start', title: t('columns.start'), responsive: ['lg'], render: (_, row) => format.minute(row.start) },
    { key: 'expire', title: t('columns.expire'), responsive: ['lg'], render: (_, row) => format.minute(row.expire) },
    { key: 'kind', title: t('columns.kind'), responsive: ['sm'], render: (_, row) => <VoucherKindTag kind={row.kind} /> },
    { key: 'status', title: t('columns.status'), render: (_, row) => <VoucherStatusTag status={row.status} /> },
  ];

  const createButton = (testId?: string) => (
    <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => navigate(CREATE_PATH)} data-testid={testId}>
      {t('list.create')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} extra={createButton('voucher-create')} />
      <Card variant="borderless" className="section-card">
        <Form<FilterValues> form={form} layout="vertical" onFinish={apply} role="search" aria-label={t('list.filtersLabel')}>
          <Row gutter={[12, 0]}>
            <Col xs={24} sm={12} lg={5}>
              <Form.Item name="code" label={t('list.code')}>
                <Input maxLength={VOUCHER_CODE_MAX} allowClear autoComplete="off" data-testid="voucher-filter-code" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={5}>
              <Form.Item name="title" label={t('list.name')}>
                <Input maxLength={VOUCHER_TITLE_MAX} allowClear autoComplete="off" data-testid="voucher-filter-title" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="description" label={t('list.description')}>
                <Input maxLength={VOUCHER_DESCRIPTION_MAX} allowClear autoComplete="off" data-testid="voucher-filter-description" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} lg={4}>
              <Form.Item name="kind" label={t('list.kind')}>
                <Select
                  allowClear
                  placeholder={t('list.any')}
                  options={voucherKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
                  data-testid="voucher-filter-kind"
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} lg={4}>
              <Form.Item name="status" label={t('list.status')}>
                <Select
                  allowClear
                  placeholder={t('list.any')}
                  options={voucherStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                  data-testid="voucher-filter-status"
                />
              </Form.Item>
            </Col>
          </Row>
          <div className="voucher-filter-actions">
            <span className="text text--secondary" aria-live="polite">
              {data ? t('list.count', { count: data.count }) : '\u00a0'}
            </span>
            <div className="page-actions">
              <Button icon={<ClearOutlined aria-hidden="true" />} onClick={clear} data-testid="voucher-filter-clear">
                {t('list.clear')}
              </Button>
              <Button
                type="primary"
                htmlType="submit"
                icon={<FilterOutlined aria-hidden="true" />}
                loading={isFetching && !isLoading}
                data-testid="voucher-filter-apply"
              >
                {t('list.filter')}
              </Button>
            </div>
          </div>
        </Form>

        {isError ? (
          <Alert
            type="warning"
            showIcon
            className="voucher-list-error"
            title={t('list.loadError')}
            description={
              <span className="voucher-list-error__links">
                {t('list.loadErrorText')} <Link to="/">{t('list.backHome')}</Link>
              </span>
            }
            action={<Button onClick={() => void refetch()}>{t('list.retry')}</Button>}
            data-testid="voucher-list-error"
          />
        ) : null}
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} data-testid="voucher-skeleton" />
        ) : isError && !data ? null : (
          <Table<VoucherListItem>
            rowKey="voucher_pk"
            columns={columns}
            dataSource={data?.results ?? []}
            locale={{
              emptyText: (
                <EmptyState
                  title={t('list.empty')}
                  text={filtered ? t('list.emptyFiltered') : t('list.emptyHint')}
                  actions={filtered ? <Button onClick={clear}>{t('list.clear')}</Button> : createButton()}
                  data-testid="voucher-empty"
                />
              ),
            }}
            pagination={{
              current: page,
              pageSize: VOUCHER_PAGE_SIZE,
              total: data?.count ?? 0,
              showSizeChanger: false,
              showLessItems: true,
              hideOnSinglePage: true,
              onChange: (next) => setUrl({ page: next === 1 ? undefined : next }),
            }}
            className="voucher-table"
            data-testid="voucher-table"
          />
        )}
      </Card>
    </>
  );
}
