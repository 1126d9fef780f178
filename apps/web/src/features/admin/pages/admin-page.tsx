import { useMemo, useState, type HTMLAttributes } from 'react';
import { Button, Card, Grid, Select, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, EyeOutlined, GlobalOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { roles } from '@recarga/contracts/permissions';
import type { AdminTenant } from '@recarga/contracts/tenant-settings';
import { LoadError } from '../../../components/load-error';
import { NoPermissionView } from '../../../components/no-permission-view';
import { PageHeader } from '../../../components/page-header';
import { TenantAuditList } from '../../../components/tenant-audit-list';
import { foldedSearch } from '../../../lib/select-search';
import { useHasRole } from '../../../lib/use-permitted-routes';
import { useAdminAudit } from '../api/get-admin-audit';
import { useAdminTenants } from '../api/get-admin-tenants';
import { HostsDrawer } from '../components/hosts-drawer';
import { TenantDrawer } from '../components/tenant-drawer';
import { HostChips, ModuleTags, ThemeName, Usage } from '../components/tenant-cells';
import { TenantList } from '../components/tenant-list';
import '../admin.css';

type DrawerTarget = { mode: 'create'; parent: AdminTenant | undefined } | { mode: 'edit'; tenant: AdminTenant } | null;

/**
 * /admin (issue 21 item 8), for administrators (permission '/admin' and role DASH_ADMIN, both checked
 * by the server on every call): the networks of their scope as a tree with plan, use, modules and
 * host names; a new network, a network's record and its host names; the history of every change.
 */
export function AdminPage() {
  const isAdmin = useHasRole(roles.admin);
  return isAdmin ? <AdminScreen /> : <NoPermissionView />;
}

function AdminScreen() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('config');
  const tenants = useAdminTenants();
  const [drawer, setDrawer] = useState<DrawerTarget>(null);
  const [hostsOf, setHostsOf] = useState<number | null>(null);
  const [auditTenant, setAuditTenant] = useState<number | undefined>(undefined);
  const [auditPage, setAuditPage] = useState(1);
  const audit = useAdminAudit(auditTenant, auditPage);
  const list = useMemo(() => tenants.data?.tenants ?? [], [tenants.data]);
  const byPk = useMemo(() => new Map(list.map((x) => [x.tenantPk, x])), [list]);
  const own = list.find((x) => x.depth === 0);
  // Phones get the networks as a list of cards; a table of eight columns would show one at a time.
  const phone = Grid.useBreakpoint().md === false;

  const columns: ColumnsType<AdminTenant> = [
    {
      key: 'name',
      title: t('list.network'),
      width: 280,
      render: (_v, row) => (
        <div className="tree-cell" style={{ paddingInlineStart: row.depth * 20 }}>
          {row.depth > 0 ? <span className="tree-cell__branch" aria-hidden="true" /> : null}
          <div className="tree-cell__text">
            <span className="tree-cell__name">
              {row.name}
              {row.depth === 0 ? <Tag className="tree-cell__own">{t('list.yours')}</Tag> : null}
            </span>
            <code className="tree-cell__alias">{row.alias}</code>
          </div>
        </div>
      ),
    },
    {
      key: 'theme',
      title: t('list.theme'),
      width: 120,
      render: (_v, row) => <ThemeName theme={row.theme} />,
    },
    {
      key: 'region',
      title: t('list.region'),
      width: 120,
      render: (_v, row) => (
        <span className="region-cell">
          {row.country} · {row.currency}
        </span>
      ),
    },
    {
      key: 'stations',
      title: t('list.stations'),
      width: 120,
      align: 'right',
      render: (_v, row) => <Usage used={row.usage.stations} limit={row.limits.stations} />,
    },
    {
      key: 'users',
      title: t('list.users'),
      width: 120,
      align: 'right',
      render: (_v, row) => <Usage used={row.usage.users} limit={row.limits.users} />,
    },
    {
      key: 'modules',
      title: t('list.modules'),
      width: 250,
      render: (_v, row) => <ModuleTags modules={row.modules} />,
    },
    {
      key: 'hosts',
      title: t('list.hosts'),
      width: 210,
      render: (_v, row) => <HostChips hosts={row.hosts} />,
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('list.actions')}</span>,
      width: 104,
      fixed: 'right',
      render: (_v, row) => (
        <div className="row-actions">
          <Tooltip title={row.editable ? t('list.edit') : t('list.view')}>
            <Button
              icon={row.editable ? <EditOutlined aria-hidden="true" /> : <EyeOutlined aria-hidden="true" />}
              aria-label={row.editable ? t('list.editNetwork', { name: row.name }) : t('list.viewNetwork', { name: row.name })}
              onClick={() => setDrawer({ mode: 'edit', tenant: row })}
              data-testid="tenant-edit"
            />
          </Tooltip>
          <Tooltip title={t('list.manageHosts')}>
            <Button
              icon={<GlobalOutlined aria-hidden="true" />}
              aria-label={t('list.manageHostsOf', { name: row.name })}
              onClick={() => setHostsOf(row.tenantPk)}
              data-testid="tenant-hosts"
            />
          </Tooltip>
        </div>
      ),
    },
  ];

  const auditFilter = (
    <Select
      className="admin-audit-filter"
      aria-label={t('audit.filter')}
      value={auditTenant ?? 0}
      showSearch={foldedSearch()}
      options={[{ value: 0, label: t('audit.all') }, ...list.map((x) => ({ value: x.tenantPk, label: x.name }))]}
      onChange={(value: number) => {
        setAuditTenant(value === 0 ? undefined : value);
        setAuditPage(1);
      }}
      data-testid="admin-audit-filter"
    />
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => setDrawer({ mode: 'create', parent: own })}
            disabled={!tenants.data}
            data-testid="tenant-create"
          >
            {t('create')}
          </Button>
        }
      />
      <Card variant="borderless" className="section-card admin-card">
        {tenants.isError ? (
          <LoadError title={t('list.loadError')} retryText={t('retry')} onRetry={() => void tenants.refetch()} />
        ) : phone ? (
          <TenantList
            tenants={list}
            loading={tenants.isLoading}
            onEdit={(tenant) => setDrawer({ mode: 'edit', tenant })}
            onHosts={(tenant) => setHostsOf(tenant.tenantPk)}
          />
        ) : (
          <Table<AdminTenant>
            data-testid="tenant-table"
            rowKey="tenantPk"
            size="middle"
            columns={columns}
            dataSource={list}
            loading={tenants.isLoading}
            pagination={false}
            scroll={{ x: 1220 }}
            onRow={(row) => ({ 'data-tenant': row.alias }) as HTMLAttributes<HTMLElement>}
            locale={{ emptyText: t('list.empty') }}
          />
        )}
      </Card>
      <Card
        variant="borderless"
        className="section-card admin-card"
        title={
          <span className="admin-card__title">
            <HistoryOutlined aria-hidden="true" /> {tc('audit.title')}
          </span>
        }
        extra={phone ? undefined : auditFilter}
      >
        {phone ? <div className="admin-audit-filter-row">{auditFilter}</div> : null}
        <TenantAuditList
          data={audit.data}
          isLoading={audit.isLoading}
          isError={audit.isError}
          onRetry={() => void audit.refetch()}
          page={auditPage}
          onPage={setAuditPage}
          showTenant
          tenantName={(pk) => byPk.get(pk)?.name}
          testId="admin-audit"
        />
      </Card>
      <TenantDrawer target={drawer} tenants={list} onClose={() => setDrawer(null)} />
      <HostsDrawer tenant={hostsOf === null ? null : (byPk.get(hostsOf) ?? null)} onClose={() => setHostsOf(null)} />
    </>
  );
}
