/**
 * The live socket's address, topics and close codes (see live.ts for the messages). No zod here:
 * the web's first load reads these, and the message schemas would bring the whole of zod with them.
 */

export const LIVE_PATH = '/live';

/** Topic builders. chargeBoxId is used as is (it contains no '/'). */
export const liveTopics = {
  notification: (apiKey: string) => `${apiKey}/notification/chargeBox`,
  stats: (apiKey: string) => `${apiKey}/stats`,
  chargeBox: (apiKey: string) => `${apiKey}/chargeBox`,
  chargeBoxStatus: (apiKey: string, chargeBoxId: string) => `${apiKey}/chargeBox/${chargeBoxId}/status`,
  connectorStatus: (apiKey: string, chargeBoxId: string, connectorId: number) =>
    `${apiKey}/chargeBox/${chargeBoxId}/connector/${connectorId}/status`,
  /**
   * Subscription patterns: every station's status topic, and every connector's, of the api key (`+`
   * stands for any one part, as in MQTT). Messages still arrive under the station's own topic, so a
   * dashboard follows a whole network with two subscriptions instead of one per station and connector.
   */
  anyChargeBoxStatus: (apiKey: string) => `${apiKey}/chargeBox/+/status`,
  anyConnectorStatus: (apiKey: string) => `${apiKey}/chargeBox/+/connector/+/status`,
  /** A remote operation's progress: one message per station answer (contracts/operations LiveTask). */
  task: (apiKey: string, taskId: number) => `${apiKey}/operations/task/${taskId}`,
  /** A virtual group's load manager wrote a new plan or events (contracts/live LiveSmartCharging). */
  smartCharging: (apiKey: string, virtualGroupId: number) => `${apiKey}/virtual-groups/${virtualGroupId}/smart-charging`,
};

export type LiveTopic =
  | { kind: 'notification'; apiKey: string }
  | { kind: 'stats'; apiKey: string }
  | { kind: 'chargeBox'; apiKey: string }
  | { kind: 'chargeBoxStatus'; apiKey: string; chargeBoxId: string }
  | { kind: 'connectorStatus'; apiKey: string; chargeBoxId: string; connectorId: number }
  | { kind: 'anyChargeBoxStatus'; apiKey: string }
  | { kind: 'anyConnectorStatus'; apiKey: string }
  | { kind: 'task'; apiKey: string; taskId: number }
  | { kind: 'smartCharging'; apiKey: string; virtualGroupId: number };

/** Parses a topic string; null when it is not one of the topic forms. */
export function parseLiveTopic(topic: string): LiveTopic | null {
  const parts = topic.split('/');
  const [apiKey, a, b, c, d, e] = parts;
  if (!apiKey) return null;
  if (parts.length === 3 && a === 'notification' && b === 'chargeBox') return { kind: 'notification', apiKey };
  if (parts.length === 2 && a === 'stats') return { kind: 'stats', apiKey };
  if (parts.length === 2 && a === 'chargeBox') return { kind: 'chargeBox', apiKey };
  if (parts.length === 4 && a === 'operations' && b === 'task' && c && /^\d{1,15}$/.test(c))
    return { kind: 'task', apiKey, taskId: Number(c) };
  if (parts.length === 4 && a === 'virtual-groups' && b && /^\d{1,10}$/.test(b) && Number(b) <= 2 ** 31 - 1 && c === 'smart-charging')
    return { kind: 'smartCharging', apiKey, virtualGroupId: Number(b) };
  // The patterns first: in a subscription, `+` is a wildcard even where a station could be named so.
  if (parts.length === 4 && a === 'chargeBox' && b === '+' && c === 'status') return { kind: 'anyChargeBoxStatus', apiKey };
  if (parts.length === 6 && a === 'chargeBox' && b === '+' && c === 'connector' && d === '+' && e === 'status')
    return { kind: 'anyConnectorStatus', apiKey };
  if (parts.length === 4 && a === 'chargeBox' && b && c === 'status') return { kind: 'chargeBoxStatus', apiKey, chargeBoxId: b };
  if (parts.length === 6 && a === 'chargeBox' && b && c === 'connector' && d && /^\d{1,4}$/.test(d) && e === 'status') {
    return { kind: 'connectorStatus', apiKey, chargeBoxId: b, connectorId: Number(d) };
  }
  return null;
}

/** Close codes of the live socket. */
export const liveCloseCodes = {
  /** The session expired or was revoked. */
  sessionEnded: 4401,
  /** The node is shutting down; reconnect. */
  goingAway: 1001,
} as const;
