import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useFeedback } from '../lib/use-feedback';
import { useTranslation } from 'react-i18next';

/**
 * Asks before leaving a form with unsaved changes: a link, the menu, the back button or Cancel
 * opens a confirmation (leave or stay); closing or reloading the tab gets the browser's own
 * question. Call `release()` just before navigating away on purpose (after a successful save).
 */
export function useLeaveGuard(dirty: boolean): { release: () => void } {
  const { t } = useTranslation('common');
  const { modal } = useFeedback();
  const released = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('leaveGuard.title'),
      content: t('leaveGuard.text'),
      okText: t('leaveGuard.leave'),
      okButtonProps: { danger: true, 'data-testid': 'leave-guard-leave' },
      cancelText: t('leaveGuard.stay'),
      cancelButtonProps: { 'data-testid': 'leave-guard-stay' },
      autoFocusButton: 'cancel',
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    release: useCallback(() => {
      released.current = true;
    }, []),
  };
}
