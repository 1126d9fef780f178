import { useState } from 'react';
import { Button, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BELL_UNREAD_CAP } from '@recarga/contracts/notification-types';
import { NotificationList } from '../../../components/notification-list';
import { useBell } from '../api/get-bell';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { useLiveNotifications } from '../use-live-notifications';
import { ToastPreferences } from './toast-preferences';
import './notifications-dropdown.css';

/**
 * Header bell: the newest Failure, Warning and Disconnected events. The count is what the signed-in
 * user has not read (stored on the server, per user); each event can be marked read, or all at once,
 * and a settings view chooses which events pop up as toasts.
 */
export function NotificationsDropdown() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<'list' | 'settings'>('list');
  useLiveNotifications();
  const { data, isLoading, isError, refetch } = useBell();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = data?.unreadCount ?? 0;
  const shown = unread > BELL_UNREAD_CAP ? `${BELL_UNREAD_CAP}+` : String(unread);
  const markError = markRead.isError || markAll.isError;

  const content = (
    <div className="notifications-popover" role="region" aria-label={t('header.title')} data-testid="notifications-panel">
      {view === 'settings' ? (
        <ToastPreferences onBack={() => setView('list')} />
      ) : (
        <>
          <div className="notifications-popover__head">
            <div className="notifications-popover__title">
              <strong className="text">{t('header.title')}</strong>
              <span className="text text--secondary" data-testid="notifications-unread" aria-live="polite">
                {!data
                  ? null
                  : unread > BELL_UNREAD_CAP
                    ? t('header.unreadMany', { count: BELL_UNREAD_CAP })
                    : unread > 0
                      ? t('header.unread', { count: unread })
                      : t('header.allRead')}
              </span>
            </div>
            <div className="notifications-popover__actions">
              <Button
                size="small"
                type="link"
                disabled={unread === 0 || markAll.isPending}
                loading={markAll.isPending}
                onClick={() => markAll.run(undefined)}
                data-testid="notifications-mark-all"
              >
                {t('header.markAll')}
              </Button>
            </div>
          </div>
          {markError ? (
            <div className="notifications-popover__error text text--danger" role="alert">
              {t('header.markError')}
            </div>
          ) : null}
          <div className="notifications-popover__body">
            {isLoading ? (
              <div className="centered-pad">
                <Spin />
              </div>
            ) : isError ? (
              <div className="notifications-popover__error">
                <span className="text text--danger">{t('loadError')}</span>
                <Button size="small" onClick={() => void refetch()}>
                  {t('retry')}
                </Button>
              </div>
            ) : (
              <NotificationList
                notifications={data?.notificationList ?? []}
                compact
                emptyText={t('header.empty')}
                onMarkRead={(id) => markRead.run([id])}
              />
            )}
          </div>
          <div className="notifications-popover__foot">
            <Button size="small" type="link" onClick={() => setView('settings')} data-testid="notifications-settings">
              {t('header.settings')}
            </Button>
          </div>
        </>
      )}
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setView('list');
      }}
      arrow={false}
      classNames={{ root: 'notifications-overlay' }}
    >
      <Button
        type="text"
        shape="circle"
        size="large"
        aria-label={t('header.button', { count: unread })}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notifications-button"
        icon={
          <span className="bell-badge">
            <BellOutlined className="header-icon" />
            {unread > 0 ? (
              <sup className={unread > 9 ? 'bell-badge__count bell-badge__count--wide' : 'bell-badge__count'} data-testid="bell-count">
                {shown}
              </sup>
            ) : null}
          </span>
        }
      />
    </Popover>
  );
}
