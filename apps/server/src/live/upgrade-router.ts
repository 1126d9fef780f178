import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** Something that takes websocket upgrades for some paths. */
export interface UpgradeHandler {
  /** Handles the upgrade and returns true when the path is its own; false leaves it to others. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
}

/** Answers an upgrade request with a plain HTTP status and closes the socket. */
export function rejectUpgrade(socket: Duplex, status: number, text: string) {
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

/**
 * Routes the HTTP server's websocket upgrades by path (/ocpp/{id} to the central system, /live to
 * the dashboard gateway); any other path is refused with 404 instead of hanging.
 */
export function routeUpgrades(
  server: { on(event: 'upgrade', fn: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown },
  handlers: UpgradeHandler[],
) {
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    for (const h of handlers) if (h.handleUpgrade(req, socket, head)) return;
    rejectUpgrade(socket, 404, 'Not Found');
  });
}
