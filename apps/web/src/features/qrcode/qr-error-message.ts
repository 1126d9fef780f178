import { qrErrorCodes } from '@recarga/contracts/qrcode';
import { isApiError } from '../../lib/api-error';

/**
 * The `qrcode` locale key of a failed start or stop: the spec's messages (001 §8) for a failed
 * robot check and for a station that did not do it, clearer ones where the server says why.
 */
export function qrErrorKey(error: unknown, command: 'start' | 'stop'): string {
  const fallback = command === 'start' ? 'messages.startFailed' : 'messages.stopFailed';
  if (!isApiError(error)) return fallback;
  if (error.status === 429) return 'messages.throttled';
  switch (error.body?.code) {
    case qrErrorCodes.captchaInvalid:
      return 'messages.robot';
    case qrErrorCodes.tokenInvalid:
      return 'messages.invalidLink';
    case qrErrorCodes.stationNotFound:
    case qrErrorCodes.connectorNotFound:
      return 'messages.unknownStation';
    case qrErrorCodes.notAllowed:
      return 'messages.notAllowed';
    case qrErrorCodes.noTransaction:
      return 'messages.noTransaction';
    default:
      return fallback;
  }
}
