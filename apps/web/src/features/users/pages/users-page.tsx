import { useCallback } from 'react';
import { Button, Card, Checkbox, Pagination, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSearch } from '../../../components/filter-search';
import { USER_PAGE_SIZE, type UserListRow } from '@recarga/contracts/user-list';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { usePhoneCards } from '../../../components/record-cards';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { flagParam, intParam, textParam, useSearchBox, useUrlState } from '../../../lib/url-state';
import { useFeedback } from '../../../lib/use-feedback';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { isApiError } from '../../../lib/api-error';
import { useEmailUsersReport } from '../api/email-users-report';
import { useUsers } from '../api/get-users';
import { UserDetails } from '../components/user-details';
import { UserRecordCards } from '../components/user-record-cards';
import '../users.css';

const SEARCH_DELAY_MS = 400;
/** The list's settings in the address: `/users?search=joao&all=1&page=2` (all: inactive users too). */
const userUrlCodecs = { search: textParam, all: flagParam, page: intParam(1) };

/** /users (001 §2 Users list): active users by default, search by name or e-mail, 10 per page, expandable rows (a card per user on a phone). */
export function UsersPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const permitted = usePermittedRoutes();
  const fmt = useNumberFormat();
  const [url, setUrl] = useUrlState(userUrlCodecs);
  const searchInput = url.search ?? '';
  const activeUsers = !url.all;
  const page = url.page ?? 1;
  const commitSearch = useCallback((text: string) => setUrl({ search: text, page: undefined }, { replace: true }), [setUrl]);
  const [search, setSearch] = useSearchBox(searchInput, commitSearch, SEARCH_DELAY_MS);
  const { data, isLoading, isError, isPlaceholderData, refetch } = useUsers({ activeUsers, searchInput, page });
  // On a phone each user is a card: the table showed the name and the charging column only there.
  const phone = usePhoneCards();
  const users = data?.userDashboardList ?? [];
  const canCreate = permitted.has('/users/create');
  const canOpen = permitted.has('/user/{id}');
  const { message, modal } = useFeedback();
  const report = useEmailUsersReport();

  const emailReport = async () => {
    try {
      const answer = await report.mutateAsync({ activeUsers, searchInput });
      modal.success({ title: t('report.title'), content: t('report.sent', { email: answer.email }) });
    } catch (error) {
      // 403: not allowed (or the month's reports are used up) — the permission-denied notice.
      if (isApiError(error) && error.status === 403) modal.warning({ title: t('report.deniedTitle'), content: t('report.denied') });
      else message.error(t('report.failed'));
    }
  };

  const columns: TableColumnsType<UserListRow> = [
    {
      key: 'name',
      title: t('list.columns.name'),
      render: (_, u) => (
        <div className="user-cell">
          <span className="user-cell__name">{u.user_name}</span>
          <Typography.Text type="secondary" className="user-cell__email">
            {u.email}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('list.columns.status'),
      width: 140,
      render: (_, u) => (
        <span className={u.chargingStatus === 'Charging' ? 'charging-dot charging-dot--on' : 'charging-dot'}>
          {u.chargingStatus === 'Charging' ? t('list.charging') : t('list.idle')}
        </span>
      ),
    },
    {
      key: 'document',
      title: t('list.columns.document'),
      responsive: ['lg'],
      render: (_, u) => (u.docNumber ? `${u.docType ?? ''} ${u.docNumber}`.trim() : '—'),
    },
    {
      key: 'car',
      title: t('list.columns.car'),
      responsive: ['xl'],
      render: (_, u) => [u.car_brand_name, u.car_model_name].filter(Boolean).join(' ') || '—',
    },
    {
      key: 'recharges',
      title: t('list.columns.recharges'),
      align: 'right',
      width: 110,
      responsive: ['md'],
      render: (_, u) => fmt.integer(u.recharges),
    },
    {
      key: 'consumption',
      title: t('list.columns.consumption'),
      align: 'right',
      width: 140,
      responsive: ['md'],
      render: (_, u) => `${fmt.decimal(u.consumption / 1000, 2)} kWh`,
    },
    {
      key: 'tag',
      title: t('list.columns.tag'),
      responsive: ['lg'],
      render: (_, u) => <span className="user-tag">{u.ocpp_id_tag ?? '—'}</span>,
    },
    ...(canOpen
      ? [
          {
            key: 'open',
            title: <span className="visually-hidden">{t('list.columns.actions')}</span>,
            width: 90,
            render: (_: unknown, u: UserListRow) => (
              <Button
                size="small"
                onClick={(e) => {
                  e.stopPropagation();
                  navigate(`/user/${u.user_pk}`);
                }}
              >
                {t('list.open')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const emptyState = (
    <EmptyState
      title={t('list.empty')}
      text={searchInput ? t('list.emptyFiltered') : undefined}
      actions={
        searchInput ? <Button onClick={() => setUrl({ search: undefined, page: undefined })}>{t('common:empty.clearSearch')}</Button> : null
      }
      data-testid="users-empty"
    />
  );
  const pager = { current: page, pageSize: USER_PAGE_SIZE, total: data?.count ?? 0, showSizeChanger: false, showLessItems: true };

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          <>
            <Button
              icon={<FileExcelOutlined aria-hidden="true" />}
              onClick={() => void emailReport()}
              loading={report.isPending}
              data-testid="users-excel"
            >
              {t('report.button')}
            </Button>
            {canCreate ? (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden="true" />}
                onClick={() => navigate('/users/create')}
                data-testid="new-user"
              >
                {t('list.new')}
              </Button>
            ) : null}
          </>
        }
      />
      <Card variant="borderless" className="section-card">
        <div className="filter-bar" role="search" aria-label={t('list.searchLabel')}>
          <FilterSearch value={search} onChange={setSearch} label={t('list.search')} testId="user-search" />
          <Checkbox
            checked={activeUsers}
            onChange={(e) => setUrl({ all: e.target.checked ? undefined : true, page: undefined })}
            data-testid="active-users"
          >
            {t('list.activeOnly')}
          </Checkbox>
          <Typography.Text type="secondary" aria-live="polite" className="filter-bar__count">
            {data ? (data.countCapped ? t('list.countMore', { count: data.count }) : t('list.count', { count: data.count })) : '\u00a0'}
          </Typography.Text>
        </div>
        {isError ? <LoadError title={t('list.loadError')} retryText={t('list.retry')} onRetry={() => void refetch()} /> : null}
        {phone && users.length ? (
          <UserRecordCards
            users={users}
            canOpen={canOpen}
            busy={isPlaceholderData}
            footer={<Pagination {...pager} onChange={(next) => setUrl({ page: next === 1 ? undefined : next })} />}
          />
        ) : phone ? (
          <Spin spinning={isLoading}>{emptyState}</Spin>
        ) : (
          <Table<UserListRow>
            rowKey="user_pk"
            columns={columns}
            dataSource={users}
            loading={isLoading}
            locale={{ emptyText: emptyState }}
            onChange={(pagination) => {
              const next = pagination.current ?? 1;
              setUrl({ page: next === 1 ? undefined : next });
            }}
            expandable={{ expandedRowRender: (u) => <UserDetails userPk={u.user_pk} />, expandRowByClick: true }}
            pagination={pager}
            className="users-table"
            data-testid="users-table"
          />
        )}
      </Card>
    </>
  );
}
