import { z } from 'zod';
import { INT4_MAX } from './query';
import { notificationSchema } from './notifications';
import { groupSmartChargingSchema, smartChargingEventKinds } from './smart-charging';
import { chargePointBaseSchema } from './stations';

/**
 * Live updates (/live websocket, 002 §4 and §7). The client subscribes to topics of an api key
 * (a tenant in the user's scope); the server sends `{ topic, data }` messages.
 *
 * Connect: browsers `wss://host/live?platform=DASHBOARD`, then `{ action: 'authenticate', token }` as
 * the first message; other clients may send the `Authorization: Bearer <token>` and `Platform:
 * DASHBOARD` headers instead. A token in the address is refused (400): addresses are logged.
 */

// The address, topics and close codes are in live-topics.ts (no zod: the web's first load reads them).
export { LIVE_PATH, liveCloseCodes, liveTopics, parseLiveTopic, type LiveTopic } from './live-topics';

// ---------------------------------------------------------------------------------------------
// Client -> server

export const liveClientMessageSchema = z.union([
  /** The first message of a browser socket: the session token (kept out of the address, so out of logs). */
  z.object({ action: z.literal('authenticate'), token: z.string().min(1).max(500) }),
  z.object({ action: z.enum(['subscribe', 'unsubscribe']), topic: z.string().min(1).max(300) }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Server -> client: data by topic

/** `<apiKey>/notification/chargeBox`: a new station event, same shape as GET notification/chargeBox rows. */
export const liveNotificationSchema = notificationSchema;
export type LiveNotification = z.infer<typeof liveNotificationSchema>;

const liveConnectorSchema = z.object({
  connectorId: z.number().int().max(INT4_MAX),
  /** Connector type name (Type 2, CCS Type 2, ...); null when not set. */
  connectorType: z.string().nullable(),
  lastStatus: z.object({
    /** OCPP status, or MAINTENANCE / UNAVAILABLE when the operator forced one; null when never reported. */
    status: z.string().nullable(),
    usage: z.number().optional(),
  }),
});

/** A charge point as the map draws it (000 §3 Charge point (map)). */
const liveChargePointSchema = chargePointBaseSchema.extend({
  /** ISO 8601, UTC. */
  lastHeartbeatTimestamp: z.string().nullable(),
  /**
   * The last FirmwareStatusNotification and DiagnosticsStatusNotification and when they came (ISO
   * 8601, UTC), as the station list has them: the station card follows them live.
   */
  firmwareStatus: z.string().nullable(),
  firmwareStatusTimestamp: z.string().nullable(),
  diagnosticsStatus: z.string().nullable(),
  diagnosticsStatusTimestamp: z.string().nullable(),
  connectors: z.array(liveConnectorSchema),
});
export type LiveChargePoint = z.infer<typeof liveChargePointSchema>;

/**
 * `<apiKey>/chargeBox`: a station was added (`insert`), changed (`update`: status, online state,
 * boot data, a firmware or diagnostics report) or deleted (`delete`: its last state, offline; drop it from lists and the map).
 */
export const liveChargeBoxMessageSchema = z.object({
  type: z.enum(['update', 'insert', 'delete']),
  chargePoint: liveChargePointSchema,
});
export type LiveChargeBoxMessage = z.infer<typeof liveChargeBoxMessageSchema>;

/**
 * `<apiKey>/chargeBox/<id>/status` (every connector of the station, connectorId 0 = the station)
 * and `<apiKey>/chargeBox/<id>/connector/<n>/status` (that connector): a status change.
 */
export const liveConnectorStatusSchema = z.object({
  chargeBoxId: z.string(),
  connectorId: z.number().int().max(INT4_MAX),
  status: z.string(),
  errorCode: z.string(),
  /** ISO 8601, UTC. */
  timestamp: z.string(),
});
export type LiveConnectorStatus = z.infer<typeof liveConnectorStatusSchema>;

/**
 * `<apiKey>/virtual-groups/<id>/smart-charging`: the group's load manager wrote a new plan (who gets
 * how many amperes; the same shape as GET /gateway/virtual-groups/smart-charging/{id}'s `plan`)
 * and/or events (their kinds; the rows are read from GET /gateway/virtual-groups/{id}/events).
 * Only sockets whose user holds DASH_SMART_CHARGING_CREATE may subscribe.
 */
export const liveSmartChargingSchema = z.object({
  virtual_group_id: z.number().int().max(INT4_MAX),
  plan: groupSmartChargingSchema.shape.plan.unwrap(),
  events: z.array(z.enum(smartChargingEventKinds)),
});
export type LiveSmartCharging = z.infer<typeof liveSmartChargingSchema>;

/** `<apiKey>/stats`: the home dashboard's live figures (000 §3 live stats store); defined with the stats calls. */
export { liveStatsSchema, type LiveStats } from './stats';

/** Every server message: data on a topic, a subscription acknowledgement, or an error. */
export const liveServerMessageSchema = z.union([
  z.object({ topic: z.string(), data: z.unknown() }),
  z.object({ topic: z.string(), subscribed: z.boolean() }),
  z.object({ authenticated: z.literal(true) }),
  z.object({ topic: z.string().optional(), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
