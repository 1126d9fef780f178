import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults, when nothing is set, give port 3000, embedded database, altcha and demo data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.captcha.provider).toBe('altcha');
    expect(c.demo).toBe(true);
    expect(c.dataDir).toMatch(/data$/);
  });

  it('a relative DATA_DIR is read from the repository root, whatever the working folder (npm start runs in apps/server)', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const cwd = process.cwd();
    try {
      process.chdir(path.join(root, 'apps/server'));
      expect(loadConfig({}).dataDir).toBe(path.join(root, 'data'));
      expect(loadConfig({ DATA_DIR: 'var/demo' }).dataDir).toBe(path.join(root, 'var/demo'));
      expect(loadConfig({ DATA_DIR: '/srv/recarga' }).dataDir).toBe('/srv/recarga');
    } finally {
      process.chdir(cwd);
    }
  });

  it('demo data, when DATABASE_URL is set, is off unless DEMO says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO: 'true' }).demo).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ CAPTCHA_PROVIDER: 'hcaptcha' }, 'CAPTCHA_PROVIDER'],
    [{ CAPTCHA_PROVIDER: 'recaptcha' }, 'RECAPTCHA_SECRET'],
    [{ MAIL_URL: 'http://mail' }, 'MAIL_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DEMO: 'maybe' }, 'DEMO'],
  ])('a bad value %j, when loaded, fails naming %s and the value', (env, key) => {
    let error: unknown;
    try {
      loadConfig(env as Record<string, string>);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(key);
  });

  it('several bad values, when loaded, are all reported at once', () => {
    try {
      loadConfig({ PORT: '-1', CAPTCHA_PROVIDER: 'x' });
      expect.unreachable();
    } catch (e) {
      expect((e as ConfigError).problems).toHaveLength(2);
    }
  });

  it('trusted proxies: off by default, a list of addresses and ranges when set, a clear error for anything else', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be a comma-separated list/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY/);
  });
});
