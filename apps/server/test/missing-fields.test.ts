import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargingProfileMessages } from '@recarga/contracts/charging-profile-constants';
import { dynamicPricingMessages } from '@recarga/contracts/dynamic-pricing-messages';
import { bearer, createTestApp, demo, loginAs, type TestApp } from './helpers/test-app';

/** A request that leaves a required field out gets the spec's message for it, never Zod's English. */
describe('missing required fields', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, demo.admin);
  });
  afterAll(() => t.close());

  const zodEnglish = /Invalid input|expected .*received undefined/;

  it('POST /api/dynamic-pricing/ with {}: 400, the name field says "Fill in the profile name"', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dynamic-pricing/', headers: bearer(admin), payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: dynamicPricingMessages.nameRequired });
    expect(dynamicPricingMessages.nameRequired).toBe('Fill in the profile name');
  });

  it('POST /api/charging_profiles/ with {}: 400, every required field says "Required field"', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/charging_profiles/', headers: bearer(admin), payload: {} });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as Record<string, string>;
    expect(fields.description).toBe('Required field');
    expect(chargingProfileMessages.required).toBe('Required field');
    for (const message of Object.values(fields)) expect(message).not.toMatch(zodEnglish);
  });

  it('GET /api/vouchers/last/ without code: 400, the code field carries the vouchers’ own key, which every locale words', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vouchers/last/', headers: bearer(admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ code: 'vouchers.codeRequired' });
  });
});
