import { describe, expect, it, vi } from 'vitest';
import { parseMessage, postToApp, PROVIDER_NOT_LOADED_MESSAGE, runStartCommand, type PagSeguroSdk } from './three-ds-protocol';

const command = { command: 'startPagSeguro' as const, session: 'S', request: { amount: { value: 100 } } };

describe('card-payment bridge protocol', () => {
  it('parseMessage, for objects and JSON text: the start command; other messages ignored; a start without session or request is invalid', () => {
    expect(parseMessage(command)).toEqual(command);
    expect(parseMessage(JSON.stringify(command))).toEqual(command);
    expect(parseMessage({ type: 'webpackOk' })).toBeNull();
    expect(parseMessage('not json')).toBeNull();
    expect(parseMessage({ command: 'startPagSeguro', request: {} })).toEqual({ invalid: 'The message carries no session' });
    expect(parseMessage({ command: 'startPagSeguro', session: 'S', request: [] })).toEqual({ invalid: 'The message carries no request' });
  });

  it('runStartCommand: sets the provider up in production and answers its result; a refusal is an error-typed answer', async () => {
    const setUp = vi.fn();
    const sdk: PagSeguroSdk = { setUp, authenticate3DS: async () => ({ status: 'AUTH_FLOW_COMPLETED', id: 'A1' }) };
    const ok = await runStartCommand(command, { scriptUrl: 'x', load: async () => undefined, sdk: () => sdk });
    expect(setUp).toHaveBeenCalledWith({ session: 'S', env: 'PROD' });
    expect(ok).toEqual({ type: 'success', result: { status: 'AUTH_FLOW_COMPLETED', id: 'A1' } });

    const refusing: PagSeguroSdk = { setUp, authenticate3DS: () => Promise.reject(new Error('Invalid session')) };
    expect(await runStartCommand(command, { scriptUrl: 'x', load: async () => undefined, sdk: () => refusing })).toEqual({
      type: 'error',
      message: 'Invalid session',
    });
  });

  it('runStartCommand, when the script fails to load or defines no provider: providerNotLoaded', async () => {
    const failed = await runStartCommand(command, { scriptUrl: 'x', load: () => Promise.reject(new Error('404')), sdk: () => undefined });
    const empty = await runStartCommand(command, { scriptUrl: 'x', load: async () => undefined, sdk: () => undefined });
    for (const answer of [failed, empty]) expect(answer).toEqual({ type: 'providerNotLoaded', message: PROVIDER_NOT_LOADED_MESSAGE });
  });

  it('postToApp: in a React Native web view, JSON text to its bridge; otherwise back to the sender, at its origin', () => {
    const native = { postMessage: vi.fn() };
    const rnWindow = { ReactNativeWebView: native } as unknown as Window;
    postToApp({ type: 'success', result: 1 }, { source: null, origin: '' }, rnWindow);
    expect(native.postMessage).toHaveBeenCalledWith('{"type":"success","result":1}');

    const sender = { postMessage: vi.fn() };
    const embedded = { parent: {}, opener: null } as unknown as Window;
    postToApp(
      { type: 'error', message: 'x' },
      { source: sender as unknown as MessageEventSource, origin: 'https://app.example' },
      embedded,
    );
    expect(sender.postMessage).toHaveBeenCalledWith({ type: 'error', message: 'x' }, { targetOrigin: 'https://app.example' });
  });
});
