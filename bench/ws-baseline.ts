/**
 * The physical limit beside Recarga (issue 22, item 6): a bare `ws` server that answers every CALL
 * at once with a fixed, valid CALLRESULT of its action — no database, no validation, no state but a
 * transaction counter. The same client (bench/ocpp-fleet.ts) runs against it and against Recarga;
 * bench/fleet-compare.ts prints the two runs side by side with their ratios.
 *
 *   npx tsx bench/ws-baseline.ts --port 3200 &
 *   npx tsx bench/ocpp-fleet.ts --url ws://127.0.0.1:3200/ocpp --metrics-url none --server-pid <pid> --json /tmp/bare.json …
 *
 * It prints its pid and address, and runs until SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { WebSocketServer } from 'ws';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '3200' } },
  strict: true,
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1024 || port > 65535) {
  process.stderr.write('--port must be an integer between 1024 and 65535\n');
  process.exit(2);
}

const PROTOCOLS = ['ocpp1.6', 'ocpp1.5'];
const startedAt = new Date().toISOString();
let transactionId = 0;
const accepted = { idTagInfo: { status: 'Accepted' } };

/** The fixed answer of each action (valid in both protocols' schemas). */
function resultOf(action: string): Record<string, unknown> {
  switch (action) {
    case 'BootNotification':
      return { status: 'Accepted', currentTime: startedAt, interval: 300 };
    case 'Heartbeat':
      return { currentTime: startedAt };
    case 'Authorize':
    case 'StopTransaction':
      return accepted;
    case 'StartTransaction':
      return { transactionId: ++transactionId, ...accepted };
    case 'DataTransfer':
      return { status: 'Accepted' };
    default:
      // StatusNotification, MeterValues, DiagnosticsStatusNotification, FirmwareStatusNotification
      return {};
  }
}

const server = new WebSocketServer({
  host: '127.0.0.1',
  port,
  backlog: 16_384,
  handleProtocols: (offered) => PROTOCOLS.find((p) => offered.has(p)) ?? false,
});
server.on('connection', (ws) => {
  ws.on('message', (data) => {
    let frame: unknown;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return;
    }
    if (Array.isArray(frame) && frame[0] === 2 && typeof frame[1] === 'string' && typeof frame[2] === 'string') {
      ws.send(JSON.stringify([3, frame[1], resultOf(frame[2])]));
    }
  });
});
server.on('listening', () => process.stdout.write(`bare ws server pid ${process.pid} on ws://127.0.0.1:${port}/ocpp\n`));
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
