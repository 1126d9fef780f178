import type { FastifyInstance } from 'fastify';
import type { Platform } from './platform';

/**
 * The services the modules offer each other, by name. Each module adds the entries it provides
 * from its own module.ts (TypeScript declaration merging), so this file names no module:
 *
 *   declare module '../../platform/app-module' {
 *     interface ModuleServices { stations: StationService }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleServices {}

/** The services provided so far, as app.ts registers the modules one after another. */
export class ServiceRegistry {
  private readonly entries = new Map<keyof ModuleServices, unknown>();

  provide<K extends keyof ModuleServices>(name: K, service: ModuleServices[K]): void {
    if (this.entries.has(name)) throw new Error(`The service "${String(name)}" is provided twice.`);
    this.entries.set(name, service);
  }

  /** A service of a module registered earlier; throws at start-up when the list's order is wrong. */
  get<K extends keyof ModuleServices>(name: K): ModuleServices[K] {
    if (!this.entries.has(name)) {
      throw new Error(`The service "${String(name)}" is not provided yet: list its module before the modules that use it (app.ts).`);
    }
    return this.entries.get(name) as ModuleServices[K];
  }
}

export interface ModuleContext {
  platform: Platform;
  services: ServiceRegistry;
}

/** One business area: registers its routes, jobs and hooks, and provides its services to the others. */
export interface AppModule {
  name: string;
  register(app: FastifyInstance, ctx: ModuleContext): Promise<void>;
}
