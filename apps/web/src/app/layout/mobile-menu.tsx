import { useState } from 'react';
import { Button, Drawer, Menu } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShellMenu } from './use-shell-menu';

/** Phones (below 768px): a menu button in the header opening the main menu in a drawer; a choice closes it. */
export function MobileMenu() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { items, selected } = useShellMenu();
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button
        type="text"
        className="app-header__menu-button"
        icon={<MenuOutlined className="header-icon" aria-hidden="true" />}
        aria-label={t('menu.open')}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen(true)}
        data-testid="menu-button"
      />
      <Drawer
        id="mobile-menu"
        placement="left"
        size={280}
        open={open}
        onClose={() => setOpen(false)}
        title={t('menu.label')}
        className="mobile-menu"
        styles={{ body: { padding: 8 } }}
      >
        <nav aria-label={t('menu.label')}>
          <Menu
            mode="inline"
            selectedKeys={selected}
            items={items}
            onClick={({ key }) => {
              setOpen(false);
              if (!key.startsWith('external:')) navigate(key);
            }}
          />
        </nav>
      </Drawer>
    </>
  );
}
