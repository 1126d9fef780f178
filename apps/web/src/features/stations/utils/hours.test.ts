import { describe, expect, it } from 'vitest';
import { closeTimeToForm, closeTimeToSave } from './hours';

describe('close time end of day', () => {
  it('shows a stored 23:59:59 as 00:00:00', () => {
    expect(closeTimeToForm('23:59:59')).toBe('00:00:00');
  });

  it('sends 00:00:00 back as 23:59:59', () => {
    expect(closeTimeToSave('00:00:00')).toBe('23:59:59');
    expect(closeTimeToSave('00:00')).toBe('23:59:59');
  });

  it('keeps any other time as it is, and empty as null', () => {
    expect(closeTimeToForm('22:00:00')).toBe('22:00:00');
    expect(closeTimeToForm('22:00')).toBe('22:00:00');
    expect(closeTimeToSave('18:30:00')).toBe('18:30:00');
    expect(closeTimeToForm(null)).toBeNull();
    expect(closeTimeToSave('')).toBeNull();
  });
});
