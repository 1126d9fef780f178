import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { METER_DEVICE_ID, METER_MQTT_TOPIC, meterMeasurementPayloadSchema } from '@recarga/contracts/meters';
import { AppError } from '../../platform/errors';
import type { MeterService } from './service';

/** The nodes of a cluster share one subscription (MQTT_SHARE_GROUP): the broker hands each reading to one of them. */
export const meterMqttShare = (group: string) => `$share/${group}/${METER_MQTT_TOPIC}`;
/** Larger payloads are not readings. */
const MAX_PAYLOAD_BYTES = 4096;
const TOPIC = /^recarga\/meters\/([^/]+)\/measurements$/;

export type MqttOutcome = 'stored' | 'duplicate' | 'invalid' | 'unknown_device' | 'rejected';

/**
 * Readings over MQTT (MQTT_URL): subscribes to `recarga/meters/+/measurements` (the `+` is the
 * device_remote_id) as a shared subscription, QoS 1. A message is acknowledged (PUBACK) only once
 * its reading is committed — or once it is known to be bad: an unknown device, a MAC address that
 * is not the device's, a payload that is not a reading are counted, logged and dropped. While the
 * database fails, the message is retried with a growing pause and not acknowledged; messages are
 * handled one after another, so the broker holds the rest meanwhile.
 */
export class MeterMqttSubscriber {
  private readonly client: MqttClient;
  private closed = false;
  /** Resolves once the first subscription is granted. */
  readonly subscribed: Promise<void>;

  constructor(
    url: string,
    private readonly deps: {
      service: MeterService;
      log: FastifyBaseLogger;
      nodeId: string;
      shareGroup: string;
      count: (outcome: MqttOutcome) => void;
    },
  ) {
    this.client = mqtt.connect(url, {
      clientId: `recarga-${deps.nodeId}-${randomBytes(4).toString('hex')}`.slice(0, 64),
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      resubscribe: false,
    });
    // The acknowledgement waits for the callback (mqtt.js sends PUBACK after it).
    this.client.handleMessage = (packet: IPublishPacket, callback: (error?: Error) => void) => {
      this.handle(packet).then(
        () => callback(),
        (err: Error) => callback(err),
      );
    };
    let granted: () => void;
    this.subscribed = new Promise<void>((resolve) => (granted = resolve));
    const topic = meterMqttShare(deps.shareGroup);
    this.client.on('connect', () => {
      this.client.subscribe(topic, { qos: 1 }, (err, grants) => {
        if (err || grants?.some((g) => g.qos > 2)) {
          deps.log.error({ err, grants }, 'meters: MQTT subscription refused');
          return;
        }
        deps.log.info({ topic }, 'meters: subscribed to MQTT readings');
        granted();
      });
    });
    this.client.on('error', (err) => deps.log.warn({ err: err.message }, 'meters: MQTT connection error'));
    this.client.on('offline', () => deps.log.warn('meters: MQTT broker unreachable, reconnecting'));
  }

  private async handle(packet: IPublishPacket): Promise<void> {
    const outcome = await this.outcomeOf(packet.topic, packet.payload);
    this.deps.count(outcome);
  }

  private async outcomeOf(topic: string, payload: Buffer | string): Promise<MqttOutcome> {
    const device = TOPIC.exec(topic)?.[1];
    if (!device || !METER_DEVICE_ID.test(device)) return this.drop('invalid', topic, 'not a meter topic');
    if (payload.length > MAX_PAYLOAD_BYTES) return this.drop('invalid', topic, 'payload too large');
    let json: unknown;
    try {
      json = JSON.parse(payload.toString());
    } catch {
      return this.drop('invalid', topic, 'payload is not JSON');
    }
    const reading = meterMeasurementPayloadSchema.safeParse(json);
    if (!reading.success)
      return this.drop('invalid', topic, reading.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    for (let attempt = 0; ; attempt++) {
      try {
        const meter = await this.deps.service.device(device);
        if (!meter) return this.drop('unknown_device', topic, 'no meter with this device id');
        return await this.deps.service.store(meter, reading.data);
      } catch (err) {
        if (err instanceof AppError) return this.drop('rejected', topic, err.fields ? JSON.stringify(err.fields) : err.message);
        // The database failed: keep the message unacknowledged and try again, until it works or the node stops.
        if (this.closed) throw err;
        this.deps.log.error({ err, topic, attempt }, 'meters: storing an MQTT reading failed, retrying');
        await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** attempt, 5000)));
      }
    }
  }

  private drop(outcome: MqttOutcome, topic: string, reason: string): MqttOutcome {
    this.deps.log.warn({ topic, reason }, 'meters: MQTT reading dropped');
    return outcome;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.endAsync(true);
  }
}
