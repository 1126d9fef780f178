import { useMemo } from 'react';
import type { MenuProps } from 'antd';
import { BarChartOutlined, ExportOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/theme/brand-context';
import { menuRoutes } from '../route-access';
import { routeTable } from '../route-table';
import { menuIcons } from './menu-icons';
import { usePermittedRoutes } from '../../lib/use-permitted-routes';

/** The main menu's entries (permitted screens, plus the brand's external Rateio link) and the selected one. */
export function useShellMenu() {
  const { t } = useTranslation('shell');
  const brand = useBrand();
  const { pathname } = useLocation();
  const permitted = usePermittedRoutes();

  const items = useMemo<NonNullable<MenuProps['items']>>(() => {
    const entries: NonNullable<MenuProps['items']> = menuRoutes(routeTable, permitted).map((route) => {
      const Icon = menuIcons[route.menu!.icon];
      return { key: route.path, icon: <Icon aria-hidden="true" />, label: t(route.menu!.labelKey) };
    });
    if (brand.features.rateioUrl) {
      entries.push({
        key: 'external:rateio',
        icon: <BarChartOutlined aria-hidden="true" />,
        label: (
          <a href={brand.features.rateioUrl} target="_blank" rel="noopener noreferrer" aria-label={t('menu.rateioAria')}>
            {t('menu.rateio')} <ExportOutlined className="menu-external" aria-hidden="true" />
          </a>
        ),
      });
    }
    return entries;
  }, [brand.features.rateioUrl, permitted, t]);

  const selected = menuRoutes(routeTable, permitted)
    .filter((r) => (r.path === '/' ? pathname === '/' : pathname === r.path || pathname.startsWith(`${r.path}/`)))
    .map((r) => r.path);

  return { items, selected };
}
