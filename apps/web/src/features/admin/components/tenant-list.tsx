import { Button, Empty, Skeleton, Tag } from 'antd';
import { EditOutlined, EyeOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminTenant } from '@recarga/contracts/tenant-settings';
import { HostChips, ModuleTags, ThemeName, Usage } from './tenant-cells';

interface Props {
  tenants: AdminTenant[];
  loading: boolean;
  onEdit: (tenant: AdminTenant) => void;
  onHosts: (tenant: AdminTenant) => void;
}

/** The networks on a phone: one card each, indented by level, with the table's facts and actions. */
export function TenantList({ tenants, loading, onEdit, onHosts }: Props) {
  const { t } = useTranslation('admin');
  if (loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!tenants.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />;
  return (
    <ul className="tenant-list" data-testid="tenant-list">
      {tenants.map((row) => (
        <li
          key={row.tenantPk}
          className={`tenant-list__item${row.depth > 0 ? ' tenant-list__item--child' : ''}`}
          style={{ marginInlineStart: Math.min(row.depth, 4) * 10 }}
          data-tenant={row.alias}
        >
          <div className="tenant-list__head">
            <div className="tree-cell__text">
              <span className="tree-cell__name">
                {row.name}
                {row.depth === 0 ? <Tag className="tree-cell__own">{t('list.yours')}</Tag> : null}
              </span>
              <code className="tree-cell__alias">{row.alias}</code>
            </div>
            <ThemeName theme={row.theme} />
          </div>
          <dl className="tenant-list__facts">
            <div>
              <dt>{t('list.region')}</dt>
              <dd>
                {row.country} · {row.currency}
              </dd>
            </div>
            <div>
              <dt>{t('list.stations')}</dt>
              <dd>
                <Usage used={row.usage.stations} limit={row.limits.stations} />
              </dd>
            </div>
            <div>
              <dt>{t('list.users')}</dt>
              <dd>
                <Usage used={row.usage.users} limit={row.limits.users} />
              </dd>
            </div>
          </dl>
          <ModuleTags modules={row.modules} />
          <div className="tenant-list__hosts">
            <HostChips hosts={row.hosts} />
          </div>
          <div className="tenant-list__actions">
            <Button
              icon={row.editable ? <EditOutlined aria-hidden="true" /> : <EyeOutlined aria-hidden="true" />}
              onClick={() => onEdit(row)}
              aria-label={row.editable ? t('list.editNetwork', { name: row.name }) : t('list.viewNetwork', { name: row.name })}
              data-testid="tenant-edit"
            >
              {row.editable ? t('list.edit') : t('list.view')}
            </Button>
            <Button
              icon={<GlobalOutlined aria-hidden="true" />}
              onClick={() => onHosts(row)}
              aria-label={t('list.manageHostsOf', { name: row.name })}
              data-testid="tenant-hosts"
            >
              {t('list.manageHosts')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
