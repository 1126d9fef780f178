import { describe, expect, it } from 'vitest';
import { logoFileError } from './logo-file';
import { maskToken } from './qr-token';
import { readServiceAccount } from './service-account';
import { usageShare } from './usage';

describe('logoFileError', () => {
  it('accepts PNG, JPEG and WebP up to 200 KB', () => {
    expect(logoFileError({ type: 'image/png', size: 204_800 })).toBeNull();
    expect(logoFileError({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(logoFileError({ type: 'image/webp', size: 50_000 })).toBeNull();
  });

  it('refuses SVG and other types, and files one byte over 200 KB', () => {
    expect(logoFileError({ type: 'image/svg+xml', size: 100 })).toBe('logoType');
    expect(logoFileError({ type: '', size: 100 })).toBe('logoType');
    expect(logoFileError({ type: 'image/png', size: 204_801 })).toBe('logoTooLarge');
  });
});

describe('readServiceAccount', () => {
  const account = {
    type: 'service_account',
    project_id: 'volt-app',
    client_email: 'push@volt-app.iam.gserviceaccount.com',
    private_key: 'k',
  };

  it('names the project and client e-mail of a Firebase service account', () => {
    expect(readServiceAccount(JSON.stringify(account))).toEqual({
      projectId: 'volt-app',
      clientEmail: 'push@volt-app.iam.gserviceaccount.com',
    });
  });

  it('answers null for text that is not JSON, or JSON without the key fields', () => {
    expect(readServiceAccount('not json')).toBeNull();
    expect(readServiceAccount(JSON.stringify({ ...account, private_key: '' }))).toBeNull();
    expect(readServiceAccount(JSON.stringify({ project_id: 'x' }))).toBeNull();
    expect(readServiceAccount('[1,2]')).toBeNull();
  });

  it('answers null for a file longer than the server takes', () => {
    expect(readServiceAccount(JSON.stringify({ ...account, pad: 'x'.repeat(10_000) }))).toBeNull();
  });
});

describe('maskToken', () => {
  it('shows the first and last four characters of a long token', () => {
    expect(maskToken('AbCd1234567890WxYz')).toBe('AbCd••••••••••WxYz');
  });

  it('hides a short token whole', () => {
    expect(maskToken('12345678')).toBe('••••••••');
  });
});

describe('usageShare', () => {
  it('is the used part of the limit, capped at full, and null when unlimited', () => {
    expect(usageShare(5, 20)).toBe(0.25);
    expect(usageShare(30, 20)).toBe(1);
    expect(usageShare(0, 0)).toBe(1);
    expect(usageShare(7, null)).toBeNull();
  });
});
