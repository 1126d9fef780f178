import { readFileSync } from 'node:fs';

/**
 * Descriptors a node keeps for everything that is not a station socket: its database pools
 * (reconnecting after an idle close), NATS, the dashboard's HTTP and live sockets, mail, logs.
 */
export const RESERVED_DESCRIPTORS = 512;

/**
 * The process's soft limit of open files, read from `/proc/self/limits` (Linux); undefined
 * where that file is missing or says "unlimited".
 */
export function openFileLimit(limitsText?: string): number | undefined {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return undefined;
    }
  }
  const line = text.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  if (!soft || !/^\d+$/.test(soft)) return undefined;
  return Number(soft);
}

/**
 * How many station sockets a node holds at most: OCPP_MAX_CONNECTIONS when set, otherwise the
 * open-file limit less RESERVED_DESCRIPTORS. A socket past the limit would take the descriptor a
 * database connection needs, so every station's next message would fail; past the cap a station
 * is refused with 503 and retries (behind a balancer, on another node). Undefined: no cap.
 */
export function stationSocketCap(configured: number | undefined, fileLimit: number | undefined): number | undefined {
  if (configured !== undefined) return configured;
  if (fileLimit === undefined) return undefined;
  return Math.max(1, fileLimit - RESERVED_DESCRIPTORS);
}
