import { describe, expect, it, vi } from 'vitest';
import { createDeferredFeedback, type Feedback } from './deferred-feedback';

/** Real-looking APIs that record what they were asked to show. */
function fakeApis() {
  const shown: string[] = [];
  const closed: string[] = [];
  const messageCall = (kind: string) => (content: unknown) => {
    shown.push(`message.${kind}: ${String(content)}`);
    const close = Object.assign(() => closed.push(String(content)), {
      then: (resolve: (value: boolean) => unknown) => Promise.resolve(true).then(resolve),
    });
    return close;
  };
  const modalCall = (kind: string) => (props: { title?: unknown }) => {
    shown.push(`modal.${kind}: ${String(props.title)}`);
    return {
      destroy: () => closed.push(String(props.title)),
      update: (next: { title?: unknown }) => shown.push(`modal.update: ${String(next.title)}`),
      then: (resolve: (confirmed: boolean) => unknown) => Promise.resolve(true).then(resolve),
    };
  };
  const api = {
    message: {
      info: messageCall('info'),
      success: messageCall('success'),
      error: messageCall('error'),
      warning: messageCall('warning'),
      loading: messageCall('loading'),
      open: (args: { content?: unknown }) => messageCall('open')(args.content),
      destroy: () => shown.push('message.destroy'),
    },
    notification: {
      success: (args: { title?: unknown }) => shown.push(`notification.success: ${String(args.title)}`),
      error: (args: { title?: unknown }) => shown.push(`notification.error: ${String(args.title)}`),
      info: (args: { title?: unknown }) => shown.push(`notification.info: ${String(args.title)}`),
      warning: (args: { title?: unknown }) => shown.push(`notification.warning: ${String(args.title)}`),
      open: (args: { title?: unknown }) => shown.push(`notification.open: ${String(args.title)}`),
      destroy: () => shown.push('notification.destroy'),
    },
    modal: {
      info: modalCall('info'),
      success: modalCall('success'),
      error: modalCall('error'),
      warning: modalCall('warning'),
      confirm: modalCall('confirm'),
    },
  } as unknown as Feedback;
  return { api, shown, closed };
}

describe('deferred feedback', () => {
  it('first call: when the holders are not loaded, asks for them once and shows the calls in order once they are', () => {
    const load = vi.fn();
    const feedback = createDeferredFeedback(load);
    const real = fakeApis();

    void feedback.api.message.success('Saved');
    feedback.api.notification.warning({ title: 'Session expired' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(real.shown).toEqual([]);

    feedback.attach(real.api);

    expect(real.shown).toEqual(['message.success: Saved', 'notification.warning: Session expired']);
  });

  it('later call: when the holders are in, goes straight to them and returns their handle', () => {
    const load = vi.fn();
    const feedback = createDeferredFeedback(load);
    const real = fakeApis();
    feedback.attach(real.api);

    const close = feedback.api.message.error('Failed');
    close();

    expect(load).not.toHaveBeenCalled();
    expect(real.shown).toEqual(['message.error: Failed']);
    expect(real.closed).toEqual(['Failed']);
  });

  it('toast closed before the holders load: is never shown, and its promise settles', async () => {
    const feedback = createDeferredFeedback(() => {});
    const real = fakeApis();

    const close = feedback.api.message.info('Gone');
    close();
    feedback.attach(real.api);

    expect(real.shown).toEqual([]);
    await expect(Promise.resolve(close)).resolves.toBe(true);
  });

  it('dialog updated before the holders load: opens with the update applied and reports the answer', async () => {
    const feedback = createDeferredFeedback(() => {});
    const real = fakeApis();

    const dialog = feedback.api.modal.confirm({ title: 'Leave?' });
    dialog.update({ title: 'Leave the form?' });
    feedback.attach(real.api);

    expect(real.shown).toEqual(['modal.confirm: Leave?', 'modal.update: Leave the form?']);
    await expect(
      dialog.then(
        (confirmed) => confirmed,
        () => undefined,
      ),
    ).resolves.toBe(true);
  });

  it('destroy all toasts: when nothing was loaded, loads nothing', () => {
    const load = vi.fn();
    const feedback = createDeferredFeedback(load);

    feedback.api.message.destroy();

    expect(load).not.toHaveBeenCalled();
  });
});
