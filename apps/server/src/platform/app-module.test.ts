import { describe, expect, it } from 'vitest';
import { ServiceRegistry } from './app-module';

describe('service registry', () => {
  it('get, when the service was provided: answers it', () => {
    const services = new ServiceRegistry();
    const tenants = { list: () => [] } as never;
    services.provide('tenants', tenants);
    expect(services.get('tenants')).toBe(tenants);
  });

  it('get, before the providing module registered: throws and names the list to reorder', () => {
    expect(() => new ServiceRegistry().get('billing')).toThrow(
      'The service "billing" is not provided yet: list its module before the modules that use it (app.ts).',
    );
  });

  it('provide, twice under one name: throws', () => {
    const services = new ServiceRegistry();
    services.provide('tenants', {} as never);
    expect(() => services.provide('tenants', {} as never)).toThrow('The service "tenants" is provided twice.');
  });
});
