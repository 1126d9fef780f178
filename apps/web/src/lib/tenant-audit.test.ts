import { describe, expect, it } from 'vitest';
import { auditChanges, auditValueKind } from './tenant-audit';

describe('auditChanges', () => {
  it('lists each changed field with its two values, in the order the server wrote them', () => {
    const changes = auditChanges(
      { primaryColor: null, brandName: 'Sol', logRetentionDays: 90 },
      { primaryColor: '#00aa55', brandName: 'Volt', logRetentionDays: 90 },
    );

    expect(changes).toEqual([
      { field: 'primaryColor', before: null, after: '#00aa55' },
      { field: 'brandName', before: 'Sol', after: 'Volt' },
    ]);
  });

  it('names nested fields with dots and leaves out the unchanged ones', () => {
    const changes = auditChanges(
      { limits: { stations: 10, users: null, monthlyReports: 5 }, modules: { vouchers: true, smartCharging: true } },
      { limits: { stations: 25, users: null, monthlyReports: 5 }, modules: { vouchers: false, smartCharging: true } },
    );

    expect(changes).toEqual([
      { field: 'limits.stations', before: 10, after: 25 },
      { field: 'modules.vouchers', before: true, after: false },
    ]);
  });

  it('shows a creation as fields with no value before, and a removal as fields with none after', () => {
    expect(auditChanges(null, { host: 'volt.example.com', deepLinkHost: null })).toEqual([
      { field: 'host', before: undefined, after: 'volt.example.com' },
    ]);
    expect(auditChanges({ host: 'volt.example.com' }, null)).toEqual([{ field: 'host', before: 'volt.example.com', after: undefined }]);
  });

  it('puts a field only the before side has after the others', () => {
    expect(auditChanges({ a: 1, gone: 'x' }, { a: 2 }).map((c) => c.field)).toEqual(['a', 'gone']);
  });
});

describe('auditValueKind', () => {
  it('tells colours, yes/no, numbers, hidden secrets, empty values and text apart', () => {
    expect(auditValueKind('#D6001C')).toBe('colour');
    expect(auditValueKind(false)).toBe('boolean');
    expect(auditValueKind(0)).toBe('number');
    expect(auditValueKind('•••')).toBe('secret');
    expect(auditValueKind(null)).toBe('empty');
    expect(auditValueKind(undefined)).toBe('empty');
    expect(auditValueKind('')).toBe('empty');
    expect(auditValueKind('America/Bogota')).toBe('text');
  });
});
