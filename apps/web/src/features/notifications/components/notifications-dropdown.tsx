import { useMemo, useState } from 'react';
import { Button, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { alertNotificationTypes } from '@recarga/contracts/notification-types';
import { NotificationList } from '../../../components/notification-list';
import { useChargeBoxNotifications } from '../../../lib/api/get-charge-box-notifications';
import { useLiveNotifications } from '../use-live-notifications';

/** Header bell: Failure, Warning and Disconnected events only. */
export function NotificationsDropdown() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  useLiveNotifications();
  const { data, isLoading, isError } = useChargeBoxNotifications();
  const alerts = useMemo(() => (data ?? []).filter((n) => alertNotificationTypes.includes(n.type)), [data]);

  const content = (
    <div className="notifications-popover" role="region" aria-label={t('header.title')}>
      <div className="notifications-popover__head">
        <strong className="text">{t('header.title')}</strong>
        <span className="text text--secondary">{t('header.count', { count: alerts.length })}</span>
      </div>
      <div className="notifications-popover__body">
        {isLoading ? (
          <div className="centered-pad">
            <Spin />
          </div>
        ) : isError ? (
          <span className="text text--danger">{t('loadError')}</span>
        ) : (
          <NotificationList notifications={alerts} compact emptyText={t('header.empty')} />
        )}
      </div>
    </div>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      <Button
        type="text"
        shape="circle"
        size="large"
        aria-label={t('header.button', { count: alerts.length })}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notifications-button"
        icon={
          <span className="bell-badge">
            <BellOutlined className="header-icon" />
            {alerts.length > 0 ? (
              <sup
                className={alerts.length > 9 ? 'bell-badge__count bell-badge__count--wide' : 'bell-badge__count'}
                title={String(alerts.length)}
              >
                {alerts.length > 99 ? '99+' : alerts.length}
              </sup>
            ) : null}
          </span>
        }
      />
    </Popover>
  );
}
