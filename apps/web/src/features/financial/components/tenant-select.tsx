import { useMemo } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FinancialTenant } from '@recarga/contracts/financial';
import { foldedSearch } from '../../../lib/select-search';
import { useFinancialTenants } from '../api/get-financial-tenants';

const ALL = '';

/** Tenants in tree order (each after its parent), with their depth for the indent. */
function treeOrder(tenants: FinancialTenant[]): { tenant: FinancialTenant; depth: number }[] {
  const known = new Set(tenants.map((t) => t.tenantPk));
  const children = new Map<number | null, FinancialTenant[]>();
  for (const t of tenants) {
    const parent = t.parentTenantPk !== null && known.has(t.parentTenantPk) ? t.parentTenantPk : null;
    children.set(parent, [...(children.get(parent) ?? []), t]);
  }
  const out: { tenant: FinancialTenant; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const t of (children.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
      out.push({ tenant: t, depth });
      walk(t.tenantPk, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The tenant selector (000 §2): all tenants, or one network with the networks below it. */
export function TenantSelect({ value, onChange }: { value?: string; onChange: (apiKey?: string) => void }) {
  const { t } = useTranslation('financial');
  const tenants = useFinancialTenants();
  const options = useMemo(
    () => [
      { value: ALL, label: t('filters.allTenants'), title: t('filters.allTenants') },
      ...treeOrder(tenants.data ?? []).map(({ tenant, depth }) => ({
        value: tenant.apiKey,
        title: tenant.name,
        label: (
          <span className="fin-tenant-option" style={{ paddingInlineStart: depth * 14 }}>
            {tenant.name}
          </span>
        ),
      })),
    ],
    [tenants.data, t],
  );
  return (
    <div className="fin-field fin-field--tenant">
      <label className="fin-field__label" htmlFor="fin-tenant">
        {t('filters.tenant')}
      </label>
      <Select
        id="fin-tenant"
        value={value ?? ALL}
        onChange={(key: string) => onChange(key || undefined)}
        options={options}
        showSearch={foldedSearch('title')}
        optionLabelProp="title"
        loading={tenants.isLoading}
        popupMatchSelectWidth={false}
        data-testid="fin-tenant"
      />
    </div>
  );
}
