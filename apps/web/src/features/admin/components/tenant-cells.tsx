import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminTenant } from '@recarga/contracts/tenant-settings';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { getTheme } from '../../../lib/theme/themes';
import { tenantModules } from '@recarga/contracts/tenant-settings-constants';
import { usageLevel } from '../model/tenant-tree';

/** A use against its limit ('3 / 5', '3 / ilimitado'), amber from 80 %, red at the limit. */
export function Usage({ used, limit }: { used: number; limit: number | null }) {
  const { t } = useTranslation('admin');
  const { integer } = useNumberFormat();
  return (
    <span className={`usage usage--${usageLevel(used, limit)}`}>
      {integer(used)}
      <span className="usage__limit"> / {limit === null ? t('list.unlimited') : integer(limit)}</span>
    </span>
  );
}

/** The theme's colour and name. */
export function ThemeName({ theme }: { theme: string }) {
  const definition = getTheme(theme);
  return (
    <span className="theme-option">
      <span className="theme-option__swatch" style={{ background: definition.palette.primary }} aria-hidden="true" />
      {definition.displayName}
    </span>
  );
}

/** The three modules: on in green, off struck through (and said so to a screen reader). */
export function ModuleTags({ modules }: { modules: AdminTenant['modules'] }) {
  const { t } = useTranslation('config');
  return (
    <div className="tag-cell">
      {tenantModules.map((name) => (
        <Tag
          key={name}
          color={modules[name] ? 'success' : undefined}
          className={modules[name] ? undefined : 'module-off'}
          data-testid={`row-module-${name}`}
          data-on={modules[name]}
        >
          {t(`modules.${name}`)}
          <span className="visually-hidden">{modules[name] ? ` (${t('plan.on')})` : ` (${t('plan.off')})`}</span>
        </Tag>
      ))}
    </div>
  );
}

/** The first two host names, and how many more. */
export function HostChips({ hosts }: { hosts: AdminTenant['hosts'] }) {
  const { t } = useTranslation('admin');
  if (!hosts.length) return <span className="muted">{t('list.noHosts')}</span>;
  return (
    <div className="tag-cell">
      {hosts.slice(0, 2).map((h) => (
        <code key={h.host} className="host-chip">
          {h.host}
        </code>
      ))}
      {hosts.length > 2 ? <span className="host-more">{t('list.moreHosts', { count: hosts.length - 2 })}</span> : null}
    </div>
  );
}
