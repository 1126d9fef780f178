import { Table, Tag, type TableColumnsType, type TableProps } from 'antd';
import { ThunderboltOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FINANCIAL_PAGE_SIZE, type FinancialTab } from '@recarga/contracts/financial-constants';
import type { FinancialTransaction } from '@recarga/contracts/financial';
import { formatDateTime } from '../../../lib/format/date-time';
import type { FinancialOrder } from '../model/list-settings';
import { InvoiceStatus } from './invoice-status';
import { PaymentMethod } from './payment-method';
import { StatusTag } from './status-tag';
import { useMoney } from './use-money';

type Row = FinancialTransaction;

const SELECTION_WIDTH = 44;

interface Props {
  tab: FinancialTab;
  order: FinancialOrder;
  rows: Row[];
  total: number;
  /** One-based. */
  page: number;
  loading: boolean;
  stale: boolean;
  selected: ReadonlyMap<number, Row>;
  onSelect: (row: Row, selected: boolean) => void;
  onOpen: (row: Row) => void;
  onPage: (page: number) => void;
}

export const customerName = (row: Row): string => [row.userFirstName, row.userLastName].filter(Boolean).join(' ');

/** The movements of a tab, 10 per page (000 §2): row checkboxes without select-all; a click on a row opens its drawer. */
export function MovementsTable({ tab, order, rows, total, page, loading, stale, selected, onSelect, onOpen, onPage }: Props) {
  const { t } = useTranslation('financial');
  const money = useMoney();
  // Order by financial movement shows (and sorts by) the paid time; chronological order the created time.
  const when = (row: Row) => (order === 'financialMovement' ? (row.paidTimestamp ?? row.createdTimestamp) : row.createdTimestamp);

  const date: TableColumnsType<Row>[number] = {
    key: 'date',
    title: order === 'financialMovement' ? t('columns.paidAt') : t('columns.date'),
    width: 116,
    render: (_, row) => {
      const [day, time] = formatDateTime(when(row)).split(' ');
      return (
        <button
          type="button"
          className="fin-open"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(row);
          }}
          aria-label={t('table.open', { id: row.movementPk, type: t(`type.${row.targetType}`) })}
          aria-haspopup="dialog"
          data-testid={`fin-open-${row.movementPk}`}
        >
          <span className="fin-open__day">{day}</span>
          <span className="fin-open__time">{time}</span>
        </button>
      );
    },
  };
  const type: TableColumnsType<Row>[number] = {
    key: 'type',
    title: t('columns.type'),
    width: 116,
    render: (_, row) => (
      <Tag
        variant="outlined"
        color={row.targetType === 'USER' ? 'cyan' : 'blue'}
        icon={row.targetType === 'USER' ? <WalletOutlined aria-hidden="true" /> : <ThunderboltOutlined aria-hidden="true" />}
        className="fin-type"
      >
        {t(`type.${row.targetType}`)}
      </Tag>
    ),
  };
  const customer: TableColumnsType<Row>[number] = {
    key: 'customer',
    title: t('columns.customer'),
    width: tab === 'recharges' ? 190 : 220,
    render: (_, row) => (
      <div className="fin-two-lines">
        <span className="fin-two-lines__main fin-ellipsis">{customerName(row) || t('table.noCustomer')}</span>
        <span className="fin-two-lines__sub fin-ellipsis">{row.userEmail ?? row.idTag ?? '—'}</span>
      </div>
    ),
  };
  const station: TableColumnsType<Row>[number] = {
    key: 'station',
    title: t('columns.station'),
    width: tab === 'recharges' ? 200 : 220,
    render: (_, row) =>
      row.chargeBoxId ? (
        <div className="fin-two-lines">
          <span className="fin-two-lines__main fin-ellipsis">{row.chargeBoxDescription ?? row.chargeBoxId}</span>
          <span className="fin-two-lines__sub fin-ellipsis">
            {row.chargeBoxId}
            {tab === 'all' && row.transactionPk ? ` · #${row.transactionPk}` : ''}
          </span>
        </div>
      ) : (
        <span className="fin-muted">—</span>
      ),
  };
  const recharge: TableColumnsType<Row>[number] = {
    key: 'recharge',
    title: t('columns.recharge'),
    width: 96,
    render: (_, row) => (
      <span className="fin-id">
        #{row.transactionPk}
        {row.isIdlePayment ? <span className="fin-idle">{t('table.idle')}</span> : null}
      </span>
    ),
  };
  const tenant: TableColumnsType<Row>[number] = {
    key: 'tenant',
    title: t('columns.tenant'),
    width: 190,
    render: (_, row) => <span className="fin-ellipsis">{row.tenantName}</span>,
  };
  const method: TableColumnsType<Row>[number] = {
    key: 'method',
    title: t('columns.method'),
    width: 160,
    render: (_, row) => <PaymentMethod type={row.paymentType} />,
  };
  const status: TableColumnsType<Row>[number] = {
    key: 'status',
    title: t('columns.status'),
    width: 136,
    render: (_, row) => <StatusTag status={row.paymentStatus} />,
  };
  const invoice: TableColumnsType<Row>[number] = {
    key: 'invoice',
    title: t('columns.invoice'),
    width: 168,
    render: (_, row) => <InvoiceStatus status={row.nfeStatus} />,
  };
  const amount: TableColumnsType<Row>[number] = {
    key: 'amount',
    title: t('columns.amount'),
    width: 124,
    align: 'right',
    fixed: 'right',
    render: (_, row) => (
      <span
        className={`fin-amount fin-amount--${row.targetType === 'USER' ? 'in' : 'charge'}`}
        data-testid={`fin-amount-${row.movementPk}`}
      >
        {money.signed(row.paymentTransactionAmount, row.moneyCoin, row.targetType)}
      </span>
    ),
  };

  const columns: Record<FinancialTab, TableColumnsType<Row>> = {
    all: [date, type, customer, station, method, status, amount],
    recharges: [date, recharge, customer, station, method, status, invoice, amount],
    deposits: [date, customer, tenant, method, status, amount],
  };
  // The widths add up to what a 1440 px screen shows without scrolling; narrower screens scroll inside the table.
  const width = columns[tab].reduce((sum, c) => sum + Number(c.width ?? 0), SELECTION_WIDTH);

  const rowSelection: TableProps<Row>['rowSelection'] = {
    hideSelectAll: true,
    preserveSelectedRowKeys: true,
    selectedRowKeys: [...selected.keys()],
    columnWidth: SELECTION_WIDTH,
    fixed: 'left',
    onSelect: (row, isSelected) => onSelect(row, isSelected),
    getCheckboxProps: (row) => ({ 'aria-label': t('table.selectRow', { id: row.movementPk }) }),
  };

  return (
    <Table<Row>
      rowKey="movementPk"
      columns={columns[tab]}
      dataSource={rows}
      loading={loading}
      rowSelection={rowSelection}
      onRow={(row) => ({ onClick: () => onOpen(row) })}
      rowClassName={() => (stale ? 'fin-row fin-row--stale' : 'fin-row')}
      pagination={{
        current: page,
        pageSize: FINANCIAL_PAGE_SIZE,
        total,
        showSizeChanger: false,
        onChange: onPage,
        hideOnSinglePage: true,
        showTotal: (n) => t(n === 1 ? 'table.countOne' : 'table.countMany', { n }),
      }}
      scroll={{ x: width }}
      tableLayout="fixed"
      size="middle"
      className="fin-table"
      aria-label={t(`tabs.${tab}`)}
      data-testid="fin-table"
    />
  );
}
