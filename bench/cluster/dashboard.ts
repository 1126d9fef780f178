/**
 * What the cluster bench does as a dashboard would: sign in, send a remote command through the
 * operations route, and follow connector statuses on a /live socket.
 */
import WebSocket from 'ws';
import { liveTopics } from '@recarga/contracts/live';
import { wallNow } from './messages';

/** Signs in through the login call (the nodes run with CAPTCHA_PROVIDER=none) and answers the bearer token. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, recaptchaResponse: '' }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} at ${base}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** POST /api/operations/v1.6/<command>/ for one station: the task id and when the call was sent and answered. */
export async function sendCommand(
  base: string,
  token: string,
  command: string,
  body: Record<string, unknown>,
): Promise<{ taskId: number; sentAt: number; answeredAt: number }> {
  const sentAt = wallNow();
  const res = await fetch(`${base}/api/operations/v1.6/${command}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const answeredAt = wallNow();
  if (!res.ok) throw new Error(`${command}: HTTP ${res.status} ${text}`);
  return { taskId: (JSON.parse(text) as { taskId: number }).taskId, sentAt, answeredAt };
}

/** A /live socket following connector 1 of some stations: when each status arrived, by station and status. */
export class StatusFollower {
  private readonly ws: WebSocket;
  private readonly waiting = new Map<string, (at: number) => void>();
  private subscribed = 0;
  private onSubscribed?: () => void;

  private constructor(url: string) {
    this.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/live?platform=DASHBOARD`);
    this.ws.on('message', (raw) => {
      const at = wallNow();
      const m = JSON.parse(raw.toString()) as { topic?: string; subscribed?: boolean; data?: { chargeBoxId?: string; status?: string } };
      if (m.subscribed === true) {
        this.subscribed++;
        this.onSubscribed?.();
        return;
      }
      if (!m.data?.chargeBoxId || !m.data.status) return;
      const key = `${m.data.chargeBoxId}|${m.data.status}`;
      const waiter = this.waiting.get(key);
      if (!waiter) return;
      this.waiting.delete(key);
      waiter(at);
    });
  }

  /** Opens the socket on `base`, authenticates and subscribes to connector 1 of each station. */
  static async open(base: string, token: string, apiKey: string, chargeBoxIds: string[]): Promise<StatusFollower> {
    const follower = new StatusFollower(base);
    await new Promise<void>((resolve, reject) => {
      follower.ws.once('open', () => resolve());
      follower.ws.once('error', reject);
    });
    follower.ws.send(JSON.stringify({ action: 'authenticate', token }));
    const all = new Promise<void>((resolve) => {
      follower.onSubscribed = () => {
        if (follower.subscribed >= chargeBoxIds.length) resolve();
      };
      if (chargeBoxIds.length === 0) resolve();
    });
    for (const id of chargeBoxIds)
      follower.ws.send(JSON.stringify({ action: 'subscribe', topic: liveTopics.connectorStatus(apiKey, id, 1) }));
    await all;
    return follower;
  }

  /** When `status` of `chargeBoxId` next arrives (ask before the station sends it), within `timeoutMs`; undefined if it does not. */
  arrival(chargeBoxId: string, status: string, timeoutMs: number): Promise<number | undefined> {
    const key = `${chargeBoxId}|${status}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        resolve(undefined);
      }, timeoutMs);
      this.waiting.set(key, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  }

  close() {
    this.ws.close();
  }
}
