import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { levelOfLine, logMessages } from '@recarga/contracts/logs';

const texts = (language: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${language}/logs.json`, import.meta.url)), 'utf8')) as Record<
    string,
    string
  >;

describe('log screen texts and lines', () => {
  it('quotes the spec’s messages exactly in pt-BR and translates them elsewhere', () => {
    const br = texts('br');
    expect(br.downloadFailed).toBe(logMessages.downloadFailed);
    expect(br.listsFailed).toBe(logMessages.listsFailed);
    for (const language of ['en', 'es-CO', 'es-EC', 'es-UY']) {
      expect(texts(language).downloadFailed, language).not.toBe(logMessages.downloadFailed);
      expect(texts(language).listsFailed, language).not.toBe(logMessages.listsFailed);
    }
  });

  it('reads the level of a rendered line, and none of a line that is not one', () => {
    expect(levelOfLine('2026-11-25 00:00:00 INFO [SOL-1] BootNotification → Accepted')).toBe('INFO');
    expect(levelOfLine('2026-11-25 11:00:00 WARN Sign-in refused')).toBe('WARN');
    expect(levelOfLine('2026-11-25 11:30:00 ERROR [SOL-2] RemoteStartTransaction → OFFLINE')).toBe('ERROR');
    expect(levelOfLine('25/11/2026 11:30:00 ERROR [SOL-2] RemoteStartTransaction → OFFLINE (tarefa 7)')).toBe('ERROR');
    expect(levelOfLine('25/11/2026 11:00:00 WARN Acesso recusado')).toBe('WARN');
    expect(levelOfLine('Not available')).toBeNull();
    expect(levelOfLine('2026-11-25 11:30:00 DEBUG x')).toBeNull();
  });
});
