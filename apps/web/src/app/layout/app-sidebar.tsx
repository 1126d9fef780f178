import { useState } from 'react';
import { Layout, Menu } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShellMenu } from './use-shell-menu';

const sidebarWidth = { expanded: 240, collapsed: 80 } as const;

/**
 * Sidebar (tablets and desktops): expands on hover or keyboard focus (240px), 80px otherwise; built
 * from permitted screens. Below 768px it is hidden and the header's menu button opens the same menu
 * in a drawer (MobileMenu).
 */
export function AppSidebar() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { items, selected } = useShellMenu();
  const [expanded, setExpanded] = useState(false);

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
