import { Button, Spin } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultToastTypes, notificationTypes, type NotificationType } from '@recarga/contracts/notification-types';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';

/**
 * The bell's settings view: which event types pop up as toasts for the signed-in user. Each tick is
 * saved at once (on the server, so it follows the user to another browser). Plain checkboxes: the
 * header is on every screen and stays light.
 */
export function ToastPreferences({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('notifications');
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const chosen = save.isPending && save.variables ? save.variables.toastTypes : (preferences.data?.toastTypes ?? defaultToastTypes);

  const toggle = (type: NotificationType, on: boolean) => {
    const next = notificationTypes.filter((x) => (x === type ? on : chosen.includes(x)));
    save.run({ toastTypes: next });
  };

  return (
    <div className="toast-preferences" data-testid="toast-preferences">
      <div className="notifications-popover__head">
        <Button size="small" type="text" icon={<LeftOutlined aria-hidden="true" />} onClick={onBack} aria-label={t('header.back')} />
        <strong className="text" id="toast-preferences-title">
          {t('preferences.title')}
        </strong>
      </div>
      <p className="text text--secondary toast-preferences__lead">{t('preferences.lead')}</p>
      {preferences.isLoading ? (
        <div className="centered-pad">
          <Spin />
        </div>
      ) : (
        <div role="group" aria-labelledby="toast-preferences-title" className="toast-preferences__list">
          {notificationTypes.map((type) => (
            <label key={type} className="toast-preferences__option" data-testid={`toast-pref-${type}`}>
              <input
                type="checkbox"
                checked={chosen.includes(type)}
                disabled={save.isPending}
                onChange={(e) => toggle(type, e.target.checked)}
              />
              <span>{t(`events.${type}`)}</span>
            </label>
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
