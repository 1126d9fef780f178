import type { RPCClient } from 'ocpp-rpc';
import { CallStats, type CallStatsPart } from '@recarga/simulator/call-stats';
import { BACKEND_HEADER } from './balancer';

type Header = string | string[] | undefined;

/**
 * The fleet's CallStats, plus acknowledgement latency per node: each socket's node is read from the
 * balancer's X-Backend header on its upgrade response (again at every reconnect), and each
 * acknowledgement counts for the node its CALL was sent to. Also tells when a station's socket
 * opens (the first time and after a reconnect) and when a client gives up for good.
 */
export class NodeStats extends CallStats {
  /** The node holding each station's socket now (charge box id -> node). */
  readonly nodeOf = new Map<string, string>();
  /** CALLs that got no CALLRESULT (CALLERROR, timeout, socket lost), by action, since the start. */
  readonly failedByAction = new Map<string, number>();
  private perNode = new Map<string, CallStats>();
  private nodeEpoch = 0;

  constructor(
    private readonly socketEvents: {
      opened?(chargeBoxId: string, node: string | undefined): void;
      gaveUp?(chargeBoxId: string, reason: string): void;
    } = {},
  ) {
    super();
  }

  override attach(client: RPCClient): () => void {
    const detach = super.attach(client);
    // ocpp-rpc's client answers `identity` from a field its constructor never sets; the option holds it.
    const id = (client.identity ?? (client as unknown as { _options: { identity: string } })._options.identity) as string;
    const pending = new Map<string, { sentAt: number; node: string | undefined; epoch: number }>();
    const onOpen = ({ response }: { response?: { headers?: Record<string, Header> } }) => {
      const header = response?.headers?.[BACKEND_HEADER];
      const node = Array.isArray(header) ? header[0] : header;
      if (node) this.nodeOf.set(id, node);
      else this.nodeOf.delete(id);
      this.socketEvents.opened?.(id, node);
    };
    const onCall = (event: { outbound: boolean; payload: unknown[] }) => {
      if (!event.outbound) return;
      pending.set(event.payload[1] as string, { sentAt: performance.now(), node: this.nodeOf.get(id), epoch: this.nodeEpoch });
    };
    const onResponse = (event: { outbound: boolean; payload: unknown[] }) => {
      if (event.outbound) return;
      const [type, messageId] = event.payload as [number, string];
      const call = pending.get(messageId);
      if (!call) return;
      pending.delete(messageId);
      if (type !== 3 || call.node === undefined || call.epoch !== this.nodeEpoch) return;
      const stats = this.perNode.get(call.node) ?? new CallStats(50_000);
      this.perNode.set(call.node, stats);
      stats.record(performance.now() - call.sentAt);
      stats.resultsReceived++;
    };
    const onCallError = (event: { outbound: boolean; messageId: string; method: string }) => {
      if (!event.outbound) return;
      pending.delete(event.messageId);
      this.failedByAction.set(event.method, (this.failedByAction.get(event.method) ?? 0) + 1);
    };
    const onClose = ({ code, reason }: { code?: number; reason?: string }) =>
      this.socketEvents.gaveUp?.(id, `${code ?? '-'} ${reason ?? ''}`.trim());
    client.on('open', onOpen);
    client.on('call', onCall);
    client.on('response', onResponse);
    client.on('callError', onCallError);
    client.on('close', onClose);
    return () => {
      detach();
      client.off('open', onOpen);
      client.off('call', onCall);
      client.off('response', onResponse);
      client.off('callError', onCallError);
      client.off('close', onClose);
    };
  }

  /** What each node acknowledged since the last reset, to merge with other processes' parts. */
  partsByNode(): Record<string, CallStatsPart> {
    return Object.fromEntries([...this.perNode].map(([node, stats]) => [node, stats.part()]));
  }

  override reset(): void {
    super.reset();
    this.nodeEpoch++;
    this.perNode = new Map();
  }
}
