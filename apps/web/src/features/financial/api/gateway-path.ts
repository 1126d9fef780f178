/**
 * The contract writes the financial paths from the server's root (`/gateway/transactions`); the API
 * client joins a path to the gateway base (`/gateway/` by default, another host when the start-up
 * settings say so). This turns the one into the other.
 */
export function gatewayPath(path: string): string {
  return path.replace(/^\/gateway\//, '');
}
