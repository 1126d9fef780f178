import { useEffect, useState, type MouseEvent } from 'react';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChargerRow } from '@recarga/contracts/virtual-groups';
import { EmptyState } from '../../../components/empty-state';
import { FilterSearch } from '../../../components/filter-search';
import { LoadError } from '../../../components/load-error';
import { useChargeBoxes } from '../api/get-charge-boxes';
import type { ChosenCharger } from '../model/group-draft';
import { GROUP_PAGE_SIZE } from '../model/limits';

const SEARCH_DELAY_MS = 400;

export interface ChargerLock {
  /** Why the charger cannot be chosen (shown in its row). */
  reason: string;
  /** Shown ticked (a member of the group being filled), otherwise unticked. */
  ticked: boolean;
}

interface Props {
  tenantId?: number;
  chosen: ReadonlyMap<number, ChosenCharger>;
  onChange: (next: Map<number, ChosenCharger>) => void;
  /** A charger that cannot be chosen, and why; null for a free one. */
  lockOf: (row: ChargerRow) => ChargerLock | null;
}

const summary = (row: ChargerRow): ChosenCharger => ({
  charge_box_id: row.charge_box_id,
  charge_box_code: row.charge_box_code,
  description: row.description,
});

/**
 * A paged, searchable list of the networks' chargers to tick (GET /gateway/charge-boxs, 10 a page).
 * The choice survives paging and searching; a charger held by a group is shown, not tickable.
 */
export function ChargerChoiceTable({ tenantId, chosen, onChange, lockOf }: Props) {
  const { t } = useTranslation('virtualGroups');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const { data, isLoading, isFetching, isPlaceholderData, isError, refetch } = useChargeBoxes({ page, search, tenantId });
  // Rows of the previous search or page are not this one's answer: shown under the spinner, not tickable.
  const waiting = isLoading || isPlaceholderData;

  useEffect(() => {
    if (text.trim() === search) return undefined;
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  const toggle = (rows: ChargerRow[], on: boolean) => {
    const next = new Map(chosen);
    for (const row of rows) {
      if (lockOf(row)) continue;
      if (on) next.set(row.charge_box_id, summary(row));
      else next.delete(row.charge_box_id);
    }
    onChange(next);
  };

  const rows = data?.content ?? [];
  const ticked = [...chosen.keys(), ...rows.filter((r) => lockOf(r)?.ticked).map((r) => r.charge_box_id)];

  const columns: TableColumnsType<ChargerRow> = [
    {
      key: 'charger',
      title: t('picker.charger'),
      render: (_, row) => (
        <div className="vg-charger">
          <span className="vg-code">{row.charge_box_code}</span>
          {row.description ? <span className="vg-charger__description">{row.description}</span> : null}
        </div>
      ),
    },
    { key: 'address', title: t('picker.address'), responsive: ['lg'], render: (_, row) => row.address || '—' },
    {
      key: 'situation',
      title: t('picker.situation'),
      render: (_, row) => {
        const lock = lockOf(row);
        return (
          <div className="vg-situation">
            {lock ? (
              <Tag color={lock.ticked ? 'processing' : 'warning'} variant="filled" className="vg-situation__tag">
                {lock.reason}
              </Tag>
            ) : (
              <Tag color="success" variant="filled" className="vg-situation__tag">
                {t('picker.free')}
              </Tag>
            )}
            <span className={row.online ? 'vg-online vg-online--on' : 'vg-online'}>
              {row.online ? t('picker.online') : t('picker.offline')}
            </span>
          </div>
        );
      },
    },
  ];

  return (
    <div className="vg-choice" aria-busy={isFetching || text.trim() !== search} data-testid="vg-choice">
      <div className="filter-bar" role="search" aria-label={t('picker.searchLabel')}>
        <FilterSearch value={text} onChange={setText} label={t('picker.search')} testId="vg-charger-search" />
        <span className="filter-bar__count text text--secondary" aria-live="polite">
          {data ? t('picker.total', { count: data.totalElements }) : '\u00a0'}
        </span>
      </div>
      {isError ? (
        <LoadError className="vg-load-error" title={t('picker.loadError')} retryText={t('picker.retry')} onRetry={() => void refetch()} />
      ) : null}
      <Table<ChargerRow>
        rowKey="charge_box_id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={waiting}
        rowSelection={{
          selectedRowKeys: ticked,
          preserveSelectedRowKeys: true,
          getTitleCheckboxProps: () => ({ 'aria-label': t('common:selectAll') }),
          getCheckboxProps: (row) => ({
            disabled: Boolean(lockOf(row)),
            'aria-label': t('picker.select', { code: row.charge_box_code }),
          }),
          onSelect: (row, selected) => toggle([row], selected),
          onSelectAll: (selected, _rows, changed) => toggle(changed, selected),
        }}
        onRow={(row) => ({
          onClick: (event: MouseEvent<HTMLElement>) => {
            // The checkbox handles its own clicks.
            if ((event.target as HTMLElement).closest('.ant-table-selection-column, button, a')) return;
            if (!lockOf(row)) toggle([row], !chosen.has(row.charge_box_id));
          },
          className: lockOf(row) ? 'vg-choice__row vg-choice__row--locked' : 'vg-choice__row',
        })}
        locale={{
          emptyText: waiting ? ' ' : <EmptyState title={t('picker.empty')} text={search ? t('picker.emptySearch') : undefined} />,
        }}
        pagination={{
          current: page + 1,
          pageSize: GROUP_PAGE_SIZE,
          total: data?.totalElements ?? 0,
          showSizeChanger: false,
          showLessItems: true,
          hideOnSinglePage: true,
          onChange: (next) => setPage(next - 1),
        }}
        data-testid="vg-charger-table"
      />
    </div>
  );
}
