import { Button, Checkbox, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultToastTypes, notificationTypes, type NotificationType } from '@recarga/contracts/notification-types';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';

/**
 * The bell's settings view: which event types pop up as toasts for the signed-in user. Each tick is
 * saved at once (on the server, so it follows the user to another browser).
 */
export function ToastPreferences({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('notifications');
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const chosen = save.isPending && save.variables ? save.variables.toastTypes : (preferences.data?.toastTypes ?? defaultToastTypes);

  const toggle = (type: NotificationType, on: boolean) => {
    const next = notificationTypes.filter((x) => (x === type ? on : chosen.includes(x)));
    save.mutate({ toastTypes: next });
  };

  return (
    <div className="toast-preferences" data-testid="toast-preferences">
      <div className="notifications-popover__head">
        <Button size="small" type="text" icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={onBack} aria-label={t('header.back')} />
        <strong className="text" id="toast-preferences-title">
          {t('preferences.title')}
        </strong>
      </div>
      <p className="text text--secondary toast-preferences__lead">{t('preferences.lead')}</p>
      {preferences.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : (
        <div role="group" aria-labelledby="toast-preferences-title" className="toast-preferences__list">
          {notificationTypes.map((type) => (
            <Checkbox
              key={type}
              checked={chosen.includes(type)}
              disabled={save.isPending}
              onChange={(e) => toggle(type, e.target.checked)}
              data-testid={`toast-pref-${type}`}
            >
              {t(`events.${type}`)}
            </Checkbox>
          ))}
        </div>
      )}
      {save.isError ? (
        <p className="text text--danger" role="alert">
          {t('preferences.saveError')}
        </p>
      ) : null}
    </div>
  );
}
