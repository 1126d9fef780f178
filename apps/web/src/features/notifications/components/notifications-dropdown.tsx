import { useMemo, useState } from 'react';
import { Badge, Button, Popover, Spin, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { alertNotificationTypes } from '@recarga/contracts/notifications';
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
        <Typography.Text strong>{t('header.title')}</Typography.Text>
        <Typography.Text type="secondary">{t('header.count', { count: alerts.length })}</Typography.Text>
      </div>
      <div className="notifications-popover__body">
        {isLoading ? (
          <div className="centered-pad">
            <Spin />
          </div>
        ) : isError ? (
          <Typography.Text type="danger">{t('loadError')}</Typography.Text>
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
          <Badge count={alerts.length} size="small" overflowCount={99}>
            <BellOutlined className="header-icon" />
          </Badge>
        }
      />
    </Popover>
  );
}
