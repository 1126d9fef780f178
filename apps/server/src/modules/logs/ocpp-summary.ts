import type { LogLevel } from '@recarga/contracts/logs';
import { fields } from './line-text';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});

/** The status a central-system answer carries (idTagInfo.status or status), if any. */
function answerStatus(response: Obj): string | undefined {
  const info = obj(response.idTagInfo);
  const s = info.status ?? response.status;
  return typeof s === 'string' ? s : undefined;
}

/** Sampled values of a MeterValues request, counted (the payload itself is never logged). */
function samples(request: Obj): { values: number; measurands: string } {
  let values = 0;
  const measurands = new Set<string>();
  for (const mv of Array.isArray(request.meterValue) ? request.meterValue : []) {
    for (const sv of Array.isArray(obj(mv).sampledValue) ? (obj(mv).sampledValue as unknown[]) : []) {
      values++;
      measurands.add(String(obj(sv).measurand ?? 'Energy.Active.Import.Register'));
    }
  }
  return { values, measurands: [...measurands].slice(0, 4).join(',') };
}

/**
 * One incoming OCPP call as a compact line: the action, its key fields and the answer's status —
 * never a whole payload (a MeterValues is counted, not copied). WARN when the central system
 * refused (a tag not accepted, a boot rejected) or the station reports a fault.
 */
export function summarizeCall(action: string, request: unknown, response: unknown): { level: LogLevel; text: string } {
  const q = obj(request);
  const r = obj(response);
  const status = answerStatus(r);
  let detail: string;
  switch (action) {
    case 'BootNotification':
      detail = fields({
        vendor: q.chargePointVendor,
        model: q.chargePointModel,
        serial: q.chargePointSerialNumber ?? q.chargeBoxSerialNumber,
        firmware: q.firmwareVersion,
      });
      break;
    case 'StatusNotification':
      detail = fields({
        connector: q.connectorId,
        status: q.status,
        error: q.errorCode === 'NoError' ? undefined : q.errorCode,
        info: q.info,
        vendorError: q.vendorErrorCode,
      });
      break;
    case 'Authorize':
      detail = fields({ idTag: q.idTag });
      break;
    case 'StartTransaction':
      detail = fields({
        connector: q.connectorId,
        idTag: q.idTag,
        meterStart: q.meterStart,
        reservation: q.reservationId,
        tx: r.transactionId,
      });
      break;
    case 'StopTransaction':
      detail = fields({ tx: q.transactionId, idTag: q.idTag, meterStop: q.meterStop, reason: q.reason });
      break;
    case 'MeterValues': {
      const s = samples(q);
      detail = fields({ connector: q.connectorId, tx: q.transactionId, values: s.values, measurands: s.measurands });
      break;
    }
    case 'DataTransfer':
      detail = fields({ vendor: q.vendorId, messageId: q.messageId });
      break;
    case 'DiagnosticsStatusNotification':
    case 'FirmwareStatusNotification':
      detail = fields({ status: q.status });
      break;
    default:
      detail = '';
  }
  const refused = status !== undefined && status !== 'Accepted' && action !== 'DataTransfer';
  const fault = action === 'StatusNotification' && (q.status === 'Faulted' || (q.errorCode !== undefined && q.errorCode !== 'NoError'));
  const failedStatus =
    (action === 'FirmwareStatusNotification' || action === 'DiagnosticsStatusNotification') && /Failed$/.test(String(q.status ?? ''));
  const text = [action, detail, status !== undefined ? `→ ${status}` : ''].filter(Boolean).join(' ');
  return { level: refused || fault || failedStatus ? 'WARN' : 'INFO', text };
}
