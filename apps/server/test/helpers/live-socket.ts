import WebSocket from 'ws';

/** A dashboard socket on /live and what it received, in order. */
export interface Inbox {
  ws: WebSocket;
  /** Resolves with the close code. */
  closed: Promise<number>;
  messages: Record<string, unknown>[];
  next(match: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  send(m: unknown): void;
}

/** Opens /live like the browser does (platform in the query, the token as the first message). */
export async function openLive(httpUrl: string, token: string | null, query = 'platform=DASHBOARD'): Promise<Inbox> {
  const ws = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/live?${query}`);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const messages: Record<string, unknown>[] = [];
  const waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as Record<string, unknown>;
    messages.push(m);
    for (const w of [...waiters])
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_q, res) => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
  });
  if (token !== null) ws.send(JSON.stringify({ action: 'authenticate', token }));
  return {
    ws,
    messages,
    closed,
    send: (m) => ws.send(JSON.stringify(m)),
    next(match, timeoutMs = 5000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no live message matched within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}
