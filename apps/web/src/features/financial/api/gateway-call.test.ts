import { describe, expect, it, vi } from 'vitest';
import { financialPaths, IDEMPOTENCY_KEY_HEADER } from '@recarga/contracts/financial-constants';
import { createApiClient } from '../../../lib/api-client';
import { gatewayPath } from './gateway-path';

/** A client as the app builds it, recording what it sends. */
function client() {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const api = createApiClient({
    settings: () => ({ apiBase: '/api/', gatewayBase: '/gateway/', smartBase: '/smart/', apiKey: 'KEY' }),
    token: () => 'tok',
    origin: () => 'http://app.example.com',
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch,
    onUnauthorized: vi.fn(),
    clearSession: vi.fn(),
  });
  return { api, calls };
}

describe('gateway calls of the financial screen', () => {
  it('gatewayPath, when a contract path is joined to the gateway base: /gateway is not doubled', async () => {
    const { api, calls } = client();
    await api.request({ service: 'gateway', path: gatewayPath(financialPaths.list.deposits), query: { page: 0 } });
    expect(calls[0]!.url).toBe('http://app.example.com/gateway/transactions/deposits?page=0');
  });

  it('a refund, when sent: partialAmount in the query and the Idempotency-Key header beside the common headers', async () => {
    const { api, calls } = client();
    await api.request({
      service: 'gateway',
      method: 'POST',
      path: gatewayPath(financialPaths.refund(42)),
      query: { partialAmount: 1000 },
      headers: { [IDEMPOTENCY_KEY_HEADER]: 'abc123' },
    });
    expect(calls[0]!.url).toBe('http://app.example.com/gateway/transactions/42/payments/refunds?partialAmount=1000');
    expect(calls[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe('abc123');
    expect(calls[0]!.headers.Platform).toBe('DASHBOARD');
    expect(calls[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('a call’s own headers, when they name a common header: the common header wins (a call cannot drop the session)', async () => {
    const { api, calls } = client();
    await api.request({ service: 'gateway', path: 'x', headers: { Authorization: 'Bearer other', Platform: 'APP' } });
    expect(calls[0]!.headers.Authorization).toBe('Bearer tok');
    expect(calls[0]!.headers.Platform).toBe('DASHBOARD');
  });
});
