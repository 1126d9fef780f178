import { describe, expect, it } from 'vitest';
import { createTranslate } from './translate';

describe('createTranslate', () => {
  const t = createTranslate({ login: { title: 'Entrar', greet: 'Olá, {{name}} ({{ count }})' }, flat: 'Plano' });

  it('reads dotted keys and top-level keys', () => {
    expect(t('login.title')).toBe('Entrar');
    expect(t('flat')).toBe('Plano');
  });

  it('fills {{values}}, with or without spaces inside the braces, and leaves unknown ones', () => {
    expect(t('login.greet', { name: 'Ana', count: 3 })).toBe('Olá, Ana (3)');
    expect(t('login.greet', { name: 'Ana' })).toBe('Olá, Ana ({{ count }})');
  });

  it('answers the key of a missing text or of a branch', () => {
    expect(t('login.missing')).toBe('login.missing');
    expect(t('login')).toBe('login');
  });
});
