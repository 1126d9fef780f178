import { Select, Switch } from 'antd';

import { useTranslation } from 'react-i18next';
import { FilterSearch } from '../../../components/filter-search';
import { foldedSearch } from '../../../lib/select-search';
import type { Group } from '@recarga/contracts/station-groups';
import type { Tenant } from '@recarga/contracts/tenants';
import type { StationFilters } from '../api/get-stations';

interface Props {
  search: string;
  onSearch: (value: string) => void;
  filters: StationFilters;
  onChange: (filters: StationFilters) => void;
  groups: Group[];
  tenants: Tenant[];
}

/** Search, Disabled Stations switch, group, tenant and online filters of the station list. */
export function StationFilterBar({ search, onSearch, filters, onChange, groups, tenants }: Props) {
  const { t } = useTranslation('stations');
  const online = filters.online === undefined ? 'all' : filters.online ? 'online' : 'offline';
  return (
    <div className="filter-bar" role="search" aria-label={t('filters.label')}>
      <FilterSearch value={search} onChange={onSearch} label={t('filters.search')} testId="station-search" />
      <Select
        className="filter-bar__select"
        allowClear
        showSearch={foldedSearch()}
        value={filters.chargeBoxGroupPk}
        onChange={(value?: number) => onChange({ ...filters, chargeBoxGroupPk: value })}
        placeholder={t('filters.group')}
        aria-label={t('filters.group')}
        options={groups.map((g) => ({ value: g.chargeBoxGroupPk, label: g.name }))}
      />
      {tenants.length > 1 ? (
        <Select
          className="filter-bar__select"
          allowClear
          showSearch={foldedSearch()}
          value={filters.tenantPk}
          onChange={(value?: number) => onChange({ ...filters, tenantPk: value })}
          placeholder={t('filters.tenant')}
          aria-label={t('filters.tenant')}
          options={tenants.map((tenant) => ({ value: tenant.tenant_pk, label: tenant.name }))}
        />
      ) : null}
      <Select
        className="filter-bar__select filter-bar__select--narrow"
        value={online}
        onChange={(value: string) => onChange({ ...filters, online: value === 'all' ? undefined : value === 'online' })}
        aria-label={t('filters.connection')}
        options={[
          { value: 'all', label: t('filters.allConnections') },
          { value: 'online', label: t('filters.online') },
          { value: 'offline', label: t('filters.offline') },
        ]}
      />
      <label className="filter-bar__switch">
        <Switch
          checked={!filters.active}
          onChange={(checked) => onChange({ ...filters, active: !checked })}
          aria-label={t('filters.disabled')}
          data-testid="disabled-switch"
        />
        <span>{t('filters.disabled')}</span>
      </label>
    </div>
  );
}
