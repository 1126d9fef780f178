import QRCode from 'qrcode';

/**
 * The link a station's QR code carries (001 §9): `https://<deep-link host>/chargepoint/<pk>/<uuid>`,
 * the pk padded to 6 digits. The mobile app opens it (deep link) and finds the station by pk and
 * checks it by uuid, so a guessed pk alone does not name a station.
 */
export function stationDeepLink(host: string, chargeBoxPk: number, uuid: string): string {
  return `https://${host}/chargepoint/${String(chargeBoxPk).padStart(6, '0')}/${uuid}`;
}

/** PNG of the QR code (error correction M, 512 px, quiet zone 2 modules). */
export function renderStationQr(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', width: 512, margin: 2 });
}
