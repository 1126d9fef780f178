import mqtt from 'mqtt';
import type { MeterMeasurement } from './meter-measurement';

/** One way a meter's readings leave the building. */
export interface MeterPublisher {
  /** For logs and counters: 'mqtt' or 'http'. */
  readonly name: string;
  /** Sends one reading; rejects when the other end did not take it. */
  publish(measurement: MeterMeasurement): Promise<void>;
  close(): Promise<void>;
}

/** The MQTT topic a meter publishes its readings on. */
export function meterTopic(deviceRemoteId: string): string {
  return `recarga/meters/${deviceRemoteId}/measurements`;
}

export interface MqttMeterPublisherOptions {
  /** Broker address, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  deviceRemoteId: string;
  username?: string;
  password?: string;
  /** How long the first connection may take (default 5 s). */
  connectTimeoutMs?: number;
}

/**
 * Publishes readings as JSON on `recarga/meters/{device_remote_id}/measurements` with QoS 1, so
 * `publish` resolves once the broker has acknowledged the reading. The client reconnects on its
 * own; a publish while disconnected waits for the connection or fails with the client's error.
 */
export class MqttMeterPublisher implements MeterPublisher {
  readonly name = 'mqtt';
  readonly topic: string;

  private constructor(
    private readonly client: mqtt.MqttClient,
    deviceRemoteId: string,
  ) {
    this.topic = meterTopic(deviceRemoteId);
  }

  static async connect(options: MqttMeterPublisherOptions): Promise<MqttMeterPublisher> {
    const client = await mqtt.connectAsync(options.url, {
      clientId: `recarga-meter-${options.deviceRemoteId}-${process.pid}`,
      username: options.username,
      password: options.password,
      connectTimeout: options.connectTimeoutMs ?? 5000,
      reconnectPeriod: 1000,
    });
    return new MqttMeterPublisher(client, options.deviceRemoteId);
  }

  async publish(measurement: MeterMeasurement): Promise<void> {
    await this.client.publishAsync(this.topic, JSON.stringify(measurement), { qos: 1 });
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}

export interface HttpMeterPublisherOptions {
  /** Base address of the smart-charging service, e.g. http://127.0.0.1:3000. */
  server: string;
  deviceRemoteId: string;
  /** The device's token, given when the meter was registered. */
  token: string;
  /** Per request (default 5 s). */
  timeoutMs?: number;
}

/** POSTs readings to `{server}/smart/meters/{device_remote_id}/measurements` with the device's token. */
export class HttpMeterPublisher implements MeterPublisher {
  readonly name = 'http';
  readonly url: string;

  constructor(private readonly options: HttpMeterPublisherOptions) {
    this.url = `${options.server.replace(/\/+$/, '')}/smart/meters/${encodeURIComponent(options.deviceRemoteId)}/measurements`;
  }

  async publish(measurement: MeterMeasurement): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-meter-token': this.options.token },
      body: JSON.stringify(measurement),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    });
    if (!response.ok) {
      const text = (await response.text().catch(() => '')).slice(0, 200);
      throw new Error(`POST ${this.url} answered ${response.status}${text ? `: ${text}` : ''}`);
    }
    await response.body?.cancel();
  }

  async close(): Promise<void> {}
}
