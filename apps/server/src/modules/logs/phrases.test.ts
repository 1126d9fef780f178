import { describe, expect, it } from 'vitest';
import { smartChargingEventKinds } from '@recarga/contracts/smart-charging';
import br from '../../locales/br.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import esCO from '../../locales/es-CO.json' with { type: 'json' };
import esEC from '../../locales/es-EC.json' with { type: 'json' };
import esUY from '../../locales/es-UY.json' with { type: 'json' };
import type { Kysely } from 'kysely';
import type { DB } from '../../db/db';
import { PHRASE_TOKEN } from './line-text';
import { TenantLog, type TenantLogLine } from './tenant-log-service';

/** A writer that keeps its lines' texts instead of buffering them for the database. */
class Captured extends TenantLog {
  texts: string[] = [];
  override write(line: TenantLogLine): void {
    this.texts.push(line.text);
  }
}

const locales: Record<string, Record<string, string>> = { br, en, 'es-CO': esCO, 'es-EC': esEC, 'es-UY': esUY };

/** Every line each hook point can write, with every field it can carry. */
function everyLine(): string[] {
  const log = new Captured(null as unknown as Kysely<DB>);
  const station = { tenantPk: 1, chargeBoxId: 'W-1' };
  log.stationConnected(station, 'ocpp1.6', '10.0.0.1');
  log.stationRefusedProtocol(station, 'ocpp2.0.1', 'ocpp1.6,ocpp1.5');
  log.stationRefusedProtocol(station, '', 'ocpp1.6,ocpp1.5');
  log.stationDisconnected(station, true);
  log.stationDisconnected(station, false);
  log.stationInvalidMessage(station, 'call', 'bad');
  log.stationCallFailed(station, 'Heartbeat', 'InternalError', 'x');
  const calls: [string, object][] = [
    ['BootNotification', { chargePointVendor: 'V', chargePointModel: 'M', chargePointSerialNumber: 'S', firmwareVersion: 'F' }],
    ['StatusNotification', { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure', info: 'i', vendorErrorCode: 'E1' }],
    ['Authorize', { idTag: 'T' }],
    ['StartTransaction', { connectorId: 1, idTag: 'T', meterStart: 0, reservationId: 3 }],
    ['StopTransaction', { transactionId: 1, idTag: 'T', meterStop: 9, reason: 'Local' }],
    ['MeterValues', { connectorId: 1, transactionId: 1, meterValue: [{ sampledValue: [{ value: '1' }] }] }],
    ['DataTransfer', { vendorId: 'V', messageId: 'm' }],
    ['FirmwareStatusNotification', { status: 'Installed' }],
  ];
  for (const [action, request] of calls) log.stationCall(station, action, request, { transactionId: 5, status: 'Accepted' });
  const task = { tenant_pk: 1, charge_box_id: 'W-1' };
  log.command(task, 'Reset', 1, { status: 'answered', response: null, errorCode: null, errorMessage: null });
  log.command(task, 'Reset', 2, { status: 'error', response: null, errorCode: 'TIMEOUT', errorMessage: 'no answer' });
  log.smartChargingLimit(1, 'W-1', { groupPk: 1, connectorId: 1, transactionId: 1, limitA: 16, reason: 'SHARE', status: 'ACCEPTED' });
  log.smartChargingEvents(
    1,
    1,
    smartChargingEventKinds.map((kind) => ({
      kind,
      detail: {
        reason: 'R',
        basis: 'B',
        building_a: 45,
        available_a: 18,
        breaker_a: 63,
        chargers: 2,
        after_s: 60,
        total_a: 70,
        margin_a: 5,
        measured_at: 'now',
      },
    })),
  );
  for (const outcome of ['SUCCESS', 'INVALID_CREDENTIALS', 'USER_BLOCKED', 'NO_PERMISSION'] as const)
    log.signIn(1, 'a@b.c', '10.0.0.1', outcome);
  return log.texts;
}

describe('the log’s phrases', () => {
  it('every phrase a line can carry is worded in every language, and in Portuguese and Spanish not as in English', () => {
    const keys = new Set(everyLine().flatMap((text) => [...text.matchAll(PHRASE_TOKEN)].map((m) => `log.${m[1]}`)));
    expect(keys.size).toBeGreaterThan(40);
    const missing = Object.entries(locales).flatMap(([language, texts]) =>
      [...keys].filter((k) => !texts[k]).map((k) => `${language}: ${k}`),
    );
    expect(missing).toEqual([]);
    // Words that are the same in both languages (protocolo, modelo, firmware…) aside, Spanish is not English.
    const spanishAsEnglish = [...keys].filter(
      (k) => esCO[k as keyof typeof esCO] === en[k as keyof typeof en] && !/^log\.field\.(totalA|firmware|info|error)$/.test(k),
    );
    expect(spanishAsEnglish).toEqual([]);
  });

  it('no line leaves an English word of its own outside a phrase (station values and OCPP names aside)', () => {
    const english = /\b(Connected|Disconnected|Invalid message|task|Limit|Signed in|Sign-in refused|replaced|answered)\b/;
    for (const text of everyLine()) expect(text.replace(PHRASE_TOKEN, ''), text).not.toMatch(english);
  });
});
