import { Gauge } from '../../platform/metrics';
import type { AppModule } from '../../platform/app-module';
import { MeterMqttSubscriber } from './mqtt-subscriber';
import { meterRetentionJob } from './retention-job';
import { meterRoutes } from './routes';
import { MeterService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    meters: MeterService;
    /** The MQTT way in; null without MQTT_URL. */
    meterMqtt: MeterMqttSubscriber | null;
  }
}

/** Meters of smart charging (002 §3, §4, §7): registration, readings over HTTP and MQTT, latest reading, series, retention. */
export const metersModule: AppModule = {
  name: 'meters',
  async register(app, { platform, services }) {
    const { config } = platform;
    const service = new MeterService(platform.database.db, { bus: platform.bus, config });
    const readings = platform.metrics.register(
      new Gauge('recarga_meter_readings_total', 'Meter readings received, by way in and outcome (stored, duplicate, invalid, ...)'),
    );
    const mqtt = config.meters.mqttUrl
      ? new MeterMqttSubscriber(config.meters.mqttUrl, {
          service,
          log: app.log,
          nodeId: config.nodeId,
          shareGroup: config.meters.mqttShareGroup,
          count: (outcome) => readings.add(1, { source: 'mqtt', outcome }),
        })
      : null;
    if (mqtt) app.addHook('onClose', () => mqtt.close());
    services.provide('meters', service);
    services.provide('meterMqtt', mqtt);
    platform.jobs.schedule(meterRetentionJob(service));
    await app.register(meterRoutes, { service, onPush: (outcome) => readings.add(1, { source: 'http', outcome }) });
  },
};
