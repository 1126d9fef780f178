import { useMemo, useState } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { BarChartOutlined, ExportOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/theme/brand-context';
import { menuRoutes } from '../route-access';
import { routeTable } from '../route-table';
import { usePermittedRoutes } from '../../lib/use-permitted-routes';

const sidebarWidth = { expanded: 240, collapsed: 80 } as const;

/** Sidebar: expands on hover or keyboard focus (240px), 80px otherwise; built from permitted screens. */
export function AppSidebar() {
  const { t } = useTranslation('shell');
  const brand = useBrand();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const permitted = usePermittedRoutes();
  const [expanded, setExpanded] = useState(false);

  const items = useMemo<MenuProps['items']>(() => {
    const entries: NonNullable<MenuProps['items']> = menuRoutes(routeTable, permitted).map((route) => {
      const Icon = route.menu!.icon;
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

  return (
    <Layout.Sider
      className={expanded ? 'app-sidebar app-sidebar--expanded' : 'app-sidebar'}
      width={sidebarWidth.expanded}
      collapsedWidth={sidebarWidth.collapsed}
      collapsed={!expanded}
      trigger={null}
      theme="dark"
      onMouseEnter={() => setExpanded(true)}
      onMouseLeave={() => setExpanded(false)}
      onFocus={() => setExpanded(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setExpanded(false);
      }}
      data-testid="sidebar"
    >
      <nav aria-label={t('menu.label')}>
        <Menu
          theme="dark"
          mode="inline"
          inlineCollapsed={!expanded}
          selectedKeys={selected}
          items={items}
          onClick={({ key }) => {
            if (!key.startsWith('external:')) navigate(key);
          }}
        />
      </nav>
    </Layout.Sider>
  );
}
