import { z } from 'zod';
import { INT4_MAX } from './int4';

/**
 * The public QR start/stop page (001 §2 'Public QR page', §3 QR request, §7 'Logs, support, push,
 * QR'): `POST /api/qrcode/start` and `POST /api/qrcode/stop`, no session. The station is named by
 * its OCPP identity and connector; `token` is the QR token of the station's network (printed in
 * the connector's QR code, `?token=`, or the build setting VITE_QRCODE_TOKEN).
 */

/** The page's address for a connector (route table and the connector QR codes). */
export const QR_PAGE_PATH = '/qrcode/start/:chargeBoxId/:connectorId';
export function qrPagePath(chargeBoxId: string, connectorId: number): string {
  return `/qrcode/start/${encodeURIComponent(chargeBoxId)}/${connectorId}`;
}

const chargeBoxId = z.string().trim().min(1).max(255);
const connectorId = z.coerce.number().int().min(1).max(INT4_MAX);
const token = z.string().trim().min(1).max(200);

/**
 * Where the public QR page may start a recharge, and so where a network's guest tag (the tag its QR
 * starts use: no owner, free) may charge at all: public stations that charge nothing. Read by the
 * QR service before it starts and by the OCPP authorization for every Authorize, StartTransaction
 * and local list, so the guest tag's id, once known, opens no paid or private station.
 */
export function qrGuestWelcomeAt(station: { type_of: string; has_payment: boolean }): boolean {
  return station.type_of === 'PUBLIC' && !station.has_payment;
}

export const qrStartBodySchema = z.object({
  chargeBoxId,
  connectorId,
  token,
  /** The captcha's response (ALTCHA payload, or reCAPTCHA token). */
  recaptchaResponse: z.string().max(10_000).default(''),
});
export type QrStartBody = z.infer<typeof qrStartBodySchema>;

export const qrStopBodySchema = z.object({ chargeBoxId, connectorId, token });
export type QrStopBody = z.infer<typeof qrStopBodySchema>;

/** Answer of a start or stop the station accepted. */
export const qrCommandAnswerSchema = z.object({
  /** The operations task (origin QR_PAGE) that carried the command. */
  taskId: z.number().int(),
  /** The station's answer: 'Accepted'. */
  status: z.string(),
  message: z.string(),
});
export type QrCommandAnswer = z.infer<typeof qrCommandAnswerSchema>;

/** Error codes of the two calls; the page words each from its locale. */
export const qrErrorCodes = {
  /** 404: no station with this identity, or it is deleted / inactive. */
  stationNotFound: 'QR_STATION_NOT_FOUND',
  /** 404: the station has no such connector. */
  connectorNotFound: 'QR_CONNECTOR_NOT_FOUND',
  /** 403: the token is not the QR token of the station's network. */
  tokenInvalid: 'QR_TOKEN_INVALID',
  /** 400: the robot check failed. */
  captchaInvalid: 'CAPTCHA_INVALID',
  /** 429: too many calls from this address or for this station. */
  throttled: 'QR_THROTTLED',
  /** 409: the station charges for recharges or is private: the QR page cannot start there. */
  notAllowed: 'QR_START_NOT_ALLOWED',
  /** 409: no recharge started from the QR page runs on this connector. */
  noTransaction: 'QR_NO_TRANSACTION',
  /** 502: the station refused, did not answer, or is offline. */
  stationFailed: 'QR_STATION_FAILED',
} as const;

/** The messages the server answers (English, for API clients; the page shows its locale's). */
export const qrMessages = {
  startSent: 'START command sent.',
  stopSent: 'STOP command sent.',
  stationNotFound: 'No station with this identity.',
  connectorNotFound: 'The station has no such connector.',
  tokenInvalid: 'This QR code is not valid for this station.',
  captchaInvalid: 'Human verification failed',
  throttled: 'Too many attempts. Wait a few minutes and try again.',
  notAllowed: 'This station cannot be started from the QR page.',
  noTransaction: 'No recharge started from the QR page is running on this connector.',
  startFailed: 'The station did not start the recharge.',
  stopFailed: 'The station did not stop the recharge.',
} as const;
