import type { useAppProps } from 'antd/es/app/context';
import type { ArgsProps, MessageInstance, MessageType } from 'antd/es/message/interface';
import type { HookAPI as ModalApi, ModalFuncWithPromise } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** What `App.useApp()` hands out: toasts (message), notices (notification) and dialogs (modal). */
export type Feedback = useAppProps;

type ModalHandle = ReturnType<ModalFuncWithPromise>;

export interface DeferredFeedback {
  /** The APIs, usable at once: a call made before `attach` waits for the real ones, in order. */
  api: Feedback;
  /** Hands over the real APIs (once their code has loaded) and runs the calls that waited. */
  attach(real: Feedback): void;
}

const messageKinds = ['info', 'success', 'error', 'warning', 'loading'] as const;
const notificationKinds = ['success', 'error', 'info', 'warning', 'open'] as const;
const modalKinds = ['info', 'success', 'error', 'warning', 'confirm'] as const;

/**
 * The message, notification and modal APIs before their code is in the page: nothing on a first
 * load shows one, so their code loads with the first call (`load`), and that call and any made
 * meanwhile run once `attach` hands over the real APIs. A call's handle (close a message, update
 * or destroy a dialog, await either) works in both cases.
 */
export function createDeferredFeedback(load: () => void): DeferredFeedback {
  let real: Feedback | null = null;
  const waiting: ((api: Feedback) => void)[] = [];
  /** Runs `run` with the real APIs, now or once they are in; `loadIfMissing: false` waits without asking for them. */
  const whenReady = (run: (api: Feedback) => void, loadIfMissing = true) => {
    if (real) {
      run(real);
      return;
    }
    waiting.push(run);
    if (loadIfMissing) load();
  };

  const showMessage = (show: (api: MessageInstance) => MessageType): MessageType => {
    if (real) return show(real.message);
    let shown: MessageType | null = null;
    let closed = false;
    const done = new Promise<boolean>((resolve) =>
      whenReady((api) => {
        if (closed) {
          resolve(true);
          return;
        }
        shown = show(api.message);
        void shown.then(resolve);
      }),
    );
    const close = (() => {
      closed = true;
      shown?.();
    }) as MessageType;
    close.then = (onfulfilled, onrejected) => done.then(onfulfilled, onrejected);
    return close;
  };

  const openModal = (open: (api: ModalApi) => ModalHandle): ModalHandle => {
    if (real) return open(real.modal);
    let handle: ModalHandle | null = null;
    const updates: Parameters<ModalHandle['update']>[0][] = [];
    let destroyed = false;
    const confirmed = new Promise<boolean>((resolve) =>
      whenReady((api) => {
        if (destroyed) {
          resolve(false);
          return;
        }
        handle = open(api.modal);
        for (const update of updates) handle.update(update);
        void handle.then(resolve, () => resolve(false));
      }),
    );
    return {
      destroy: () => {
        destroyed = true;
        handle?.destroy();
      },
      update: (update) => {
        if (handle) handle.update(update);
        else updates.push(update);
      },
      // `confirmed` never rejects: a dialog that fails to open counts as not confirmed.
      then: (resolve) => confirmed.then(resolve),
    };
  };

  const message = {
    open: (args: ArgsProps) => showMessage((api) => api.open(args)),
    destroy: (key) => whenReady((api) => api.message.destroy(key), false),
  } as MessageInstance;
  for (const kind of messageKinds) {
    message[kind] = (...args) => showMessage((api) => api[kind](...args));
  }

  const notification = { destroy: (key) => whenReady((api) => api.notification.destroy(key), false) } as NotificationInstance;
  for (const kind of notificationKinds) {
    notification[kind] = (args) => whenReady((api) => api.notification[kind](args));
  }

  const modal = {} as ModalApi;
  for (const kind of modalKinds) {
    modal[kind] = (props) => openModal((api) => api[kind](props));
  }

  return {
    api: { message, notification, modal },
    attach(api) {
      real = api;
      for (const run of waiting.splice(0)) run(api);
    },
  };
}
