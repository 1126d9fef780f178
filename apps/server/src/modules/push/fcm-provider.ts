import { createSign } from 'node:crypto';
import fs from 'node:fs';
import { PushProviderError, type PushDelivery, type PushMessage, type PushProvider } from './push-provider';

/** The fields of a Google service-account JSON file that FCM needs. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export interface FcmSettings {
  serviceAccount: ServiceAccount;
  /** https://fcm.googleapis.com, or a local fake in tests. */
  baseUrl: string;
  /** The OAuth2 token endpoint; default the service account's token_uri (https://oauth2.googleapis.com/token). */
  tokenUrl?: string;
  timeoutMs: number;
  now?: () => Date;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const DEFAULT_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Sends in flight at once. */
const PARALLEL = 8;

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** Reads the service-account file (config.ts checked it at boot). */
export function readServiceAccount(file: string): ServiceAccount {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ServiceAccount;
}

/** A signed JWT (RS256) asking for an access token with the messaging scope (OAuth2 JWT bearer grant). */
export function signedAssertion(account: ServiceAccount, audience: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: audience, iat, exp: iat + 3600 }));
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${b64url(signature)}`;
}

async function errorText(res: Response): Promise<string> {
  const raw = await res.text().catch(() => '');
  try {
    const json = JSON.parse(raw) as { error?: { message?: string; status?: string } | string; error_description?: string };
    if (typeof json.error === 'object' && json.error) return [json.error.status, json.error.message].filter(Boolean).join(': ');
    return [json.error, json.error_description].filter(Boolean).join(': ') || raw.slice(0, 200);
  } catch {
    return raw.slice(0, 200);
  }
}

/**
 * Firebase Cloud Messaging, HTTP v1: an OAuth2 access token from the service account (JWT bearer
 * grant, RS256 signed with node:crypto, cached until shortly before it expires), then one
 * `POST /v1/projects/{project}/messages:send` per device token.
 */
export class FcmPushProvider implements PushProvider {
  readonly name = 'fcm' as const;
  private token: { value: string; expiresAt: number } | null = null;
  private readonly now: () => Date;

  constructor(private readonly settings: FcmSettings) {
    this.now = settings.now ?? (() => new Date());
  }

  private async accessToken(): Promise<string> {
    const now = this.now();
    if (this.token && this.token.expiresAt - 60_000 > now.getTime()) return this.token.value;
    const url = this.settings.tokenUrl ?? this.settings.serviceAccount.token_uri ?? DEFAULT_TOKEN_URL;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: signedAssertion(this.settings.serviceAccount, url, now),
        }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      throw new PushProviderError(`FCM token service unreachable (${url}): ${(err as Error).message}`);
    }
    if (!res.ok) throw new PushProviderError(`FCM token service refused the credentials (${res.status}): ${await errorText(res)}`);
    const json = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!json.access_token) throw new PushProviderError('FCM token service answered without an access token');
    this.token = { value: json.access_token, expiresAt: now.getTime() + (json.expires_in ?? 3600) * 1000 };
    return json.access_token;
  }

  private async sendOne(bearer: string, message: PushMessage, token: string): Promise<PushDelivery> {
    const url = new URL(`/v1/projects/${encodeURIComponent(this.settings.serviceAccount.project_id)}/messages:send`, this.settings.baseUrl);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: { token, notification: { title: message.title, body: message.body } } }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      return { token, ok: false, error: `FCM unreachable (${url.origin}): ${(err as Error).message}` };
    }
    if (res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return { token, ok: true };
    }
    const text = await errorText(res);
    if (res.status === 401) this.token = null;
    return {
      token,
      ok: false,
      error: `FCM answered ${res.status}: ${text}`,
      unregistered: res.status === 404 || /UNREGISTERED/.test(text),
    };
  }

  async send(message: PushMessage, tokens: readonly string[]): Promise<PushDelivery[]> {
    if (!tokens.length) return [];
    const bearer = await this.accessToken();
    const out: PushDelivery[] = [];
    for (let i = 0; i < tokens.length; i += PARALLEL) {
      out.push(...(await Promise.all(tokens.slice(i, i + PARALLEL).map((t) => this.sendOne(bearer, message, t)))));
    }
    // Not one device reached because the service itself is down: a clear error, not N copies of it.
    if (out.every((d) => !d.ok && d.error?.startsWith('FCM unreachable'))) throw new PushProviderError(out[0]!.error!);
    return out;
  }
}
