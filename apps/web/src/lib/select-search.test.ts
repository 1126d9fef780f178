import { describe, expect, it } from 'vitest';
import { foldedSearch } from './select-search';

describe('searching a select', () => {
  const match = foldedSearch().filterOption;

  it('ignores accents and case both ways', () => {
    expect(match('estacao', { label: 'Estação Paulista' })).toBe(true);
    expect(match('ESTAÇÃO', { label: 'estacao paulista' })).toBe(true);
    expect(match('praça', { label: 'Sol Praca da Liberdade' })).toBe(true);
  });

  it('matches anywhere in the text, and not what is not there', () => {
    expect(match('liberdade', { label: 'Sol Praça da Liberdade' })).toBe(true);
    expect(match('eldorado', { label: 'Sol Praça da Liberdade' })).toBe(false);
  });

  it('reads the option field it is told to', () => {
    expect(foldedSearch('title').filterOption('bogota', { label: 'x', title: 'Terpel Bogotá' })).toBe(true);
  });
});
