/** What one device's delivery came to. */
export interface PushDelivery {
  token: string;
  ok: boolean;
  /** Why it failed (the provider's answer), for the outbox row. */
  error?: string;
  /** The provider says the token is no longer valid: the device is forgotten. */
  unregistered?: boolean;
}

export interface PushMessage {
  title: string;
  body: string;
}

/**
 * Where push notifications go. `send` answers one delivery per token; it throws a
 * PushProviderError when the service as a whole cannot be used (unreachable, credentials refused).
 */
export interface PushProvider {
  readonly name: 'outbox' | 'fcm';
  send(message: PushMessage, tokens: readonly string[]): Promise<PushDelivery[]>;
}

export class PushProviderError extends Error {}

/**
 * The local default: the notification is stored in the outbox (push_notifications) and listed as
 * sent; nothing leaves the machine. Production sets FCM credentials (fcm-provider.ts).
 */
export class OutboxPushProvider implements PushProvider {
  readonly name = 'outbox' as const;
  async send(_message: PushMessage, tokens: readonly string[]): Promise<PushDelivery[]> {
    return tokens.map((token) => ({ token, ok: true }));
  }
}
