/**
 * The window-message protocol of the card-payment bridge (001 §4 'Bridge page'): the native app
 * sends `{ command: 'startPagSeguro', session, request }` (an object, or the same as JSON text,
 * as React Native's WebView delivers it); the page runs the provider's 3-D Secure check with that
 * session (production environment) and posts one answer back:
 * - `{ type: 'success', result }` — the provider's answer (status and authentication id);
 * - `{ type: 'providerNotLoaded', message }` — the provider's script could not be loaded;
 * - `{ type: 'error', message, detail? }` — any other failure (bad message, provider refusal…).
 */

export const START_COMMAND = 'startPagSeguro';
export const PROVIDER_NOT_LOADED_MESSAGE = 'The card payment provider (PagSeguro) could not be loaded';

export interface StartCommand {
  command: typeof START_COMMAND;
  session: string;
  request: Record<string, unknown>;
}

export type BridgeAnswer =
  | { type: 'success'; result: unknown }
  | { type: 'providerNotLoaded'; message: string }
  | { type: 'error'; message: string; detail?: unknown };

/** The provider's global, as its SDK defines it. */
export interface PagSeguroSdk {
  setUp(options: { session: string; env: 'PROD' | 'SANDBOX' }): void;
  authenticate3DS(request: Record<string, unknown>): Promise<unknown>;
}

/**
 * The message's command: a start command, a message for the bridge that is malformed (an error to
 * answer), or null for anything else (other scripts' messages are ignored).
 */
export function parseMessage(data: unknown): StartCommand | { invalid: string } | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || (value as { command?: unknown }).command !== START_COMMAND) return null;
  const { session, request } = value as { session?: unknown; request?: unknown };
  if (typeof session !== 'string' || session.trim() === '') return { invalid: 'The message carries no session' };
  if (!request || typeof request !== 'object' || Array.isArray(request)) return { invalid: 'The message carries no request' };
  return { command: START_COMMAND, session, request: request as Record<string, unknown> };
}

const loads = new Map<string, Promise<void>>();

/** Loads a script once per address; rejects when it cannot be loaded (a retry loads it again). */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loads.delete(src);
      reject(new Error(`could not load ${src}`));
    };
    doc.head.appendChild(script);
  });
  loads.set(src, loading);
  return loading;
}

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return '3-D Secure authentication failed';
}

/** Runs one start command to its answer: loads the provider, sets it up, authenticates. */
export async function runStartCommand(
  command: StartCommand,
  deps: { scriptUrl: string; load?: (src: string) => Promise<void>; sdk?: () => PagSeguroSdk | undefined },
): Promise<BridgeAnswer> {
  const sdk = deps.sdk ?? (() => (window as unknown as { PagSeguro?: PagSeguroSdk }).PagSeguro);
  try {
    await (deps.load ?? loadScript)(deps.scriptUrl);
  } catch {
    return { type: 'providerNotLoaded', message: PROVIDER_NOT_LOADED_MESSAGE };
  }
  const provider = sdk();
  if (!provider || typeof provider.setUp !== 'function' || typeof provider.authenticate3DS !== 'function')
    return { type: 'providerNotLoaded', message: PROVIDER_NOT_LOADED_MESSAGE };
  try {
    provider.setUp({ session: command.session, env: 'PROD' });
    const result = await provider.authenticate3DS(command.request);
    return { type: 'success', result };
  } catch (error) {
    const detail = (error as { detail?: unknown } | null)?.detail;
    return { type: 'error', message: errorText(error), ...(detail !== undefined ? { detail } : {}) };
  }
}

interface NativeBridge {
  postMessage(message: string): void;
}

/**
 * Posts an answer to the native app: React Native's WebView bridge when the page runs in one
 * (JSON text, what it carries), otherwise back to the window that sent the command (an embedding
 * page or the opener), to its origin only.
 */
export function postToApp(answer: BridgeAnswer, to: { source: MessageEventSource | null; origin: string }, win: Window = window) {
  const native = (win as unknown as { ReactNativeWebView?: NativeBridge }).ReactNativeWebView;
  if (native && typeof native.postMessage === 'function') {
    native.postMessage(JSON.stringify(answer));
    return;
  }
  const target = to.source && to.source !== win ? to.source : win.parent !== win ? win.parent : win.opener;
  if (!target) return;
  const origin = to.origin && to.origin !== 'null' ? to.origin : '*';
  (target as Window).postMessage(answer, { targetOrigin: origin });
}
