import type { Page } from 'playwright-core';

export interface ApiAnswer<T> {
  status: number;
  /** The answer parsed as JSON, or null when it is not JSON. */
  body: T;
  text: string;
}

export interface ApiCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is, with `contentType`. */
  text?: string;
  contentType?: string;
}

/**
 * Calls the server from the page, as the signed-in user: the session token the app stored and the
 * app's Platform header. For arranging data and checking the server's side of a screen.
 */
export async function callApi<T = unknown>(page: Page, path: string, call: ApiCall = {}): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ path, call }) => {
      const headers: Record<string, string> = { platform: 'DASHBOARD' };
      const token = window.localStorage.getItem('auth-token');
      if (token) headers.authorization = `Bearer ${token}`;
      let body: string | undefined;
      if (call.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(call.json);
      } else if (call.text !== undefined) {
        headers['content-type'] = call.contentType ?? 'text/plain';
        body = call.text;
      }
      const res = await fetch(path, { method: call.method ?? 'GET', headers, body });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed as T, text };
    },
    { path, call },
  );
}
