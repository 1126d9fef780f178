import { useEffect } from 'react';
import { message, Modal, notification } from 'antd';
import type { Feedback } from './deferred-feedback';

/**
 * The component library's message, notification and modal holders (what antd's `<App>` renders),
 * loaded with the first toast, notice or dialog: they render inside the theme and locale, and hand
 * their APIs over once mounted.
 */
export function FeedbackHolders({ onReady }: { onReady: (api: Feedback) => void }) {
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 3 });
  const [notificationApi, notificationHolder] = notification.useNotification({ placement: 'topRight' });
  const [modalApi, modalHolder] = Modal.useModal();

  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [messageApi, notificationApi, modalApi, onReady]);

  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
