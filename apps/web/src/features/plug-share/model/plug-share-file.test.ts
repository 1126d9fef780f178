import { describe, expect, it } from 'vitest';
import { PLUG_SHARE_MAX_FILE } from '@recarga/contracts/stats';
// The server's own reader: its messages are the ones the screen must translate.
import { readPlugShareFile } from '../../../../../server/src/modules/plug-share/rows';
import { buildCsv, csvStyleFor, decodeCsv, examplePoints, fileProblem, importErrorRows, translateServerMessage } from './plug-share-file';

const types = ['Type 1', 'Type 2', 'Tesla', 'CCS Type 1', 'CCS Type 2', 'CHAdeMO', 'GB/T', 'Plug NBR'].map((name, i) => ({
  connector_type_pk: i + 1,
  name,
}));

describe('plug-share file checks', () => {
  it('refuses a file by name, size or emptiness, when it cannot be imported', () => {
    expect(fileProblem({ name: 'pontos.xlsx', size: 10 })).toBe('notCsv');
    expect(fileProblem({ name: 'PONTOS.CSV', size: PLUG_SHARE_MAX_FILE + 1 })).toBe('tooLarge');
    expect(fileProblem({ name: 'pontos.csv', size: 0 })).toBe('empty');
    expect(fileProblem({ name: 'pontos.csv', size: PLUG_SHARE_MAX_FILE })).toBeNull();
  });

  it('reads Windows-1252 bytes as such, when the spreadsheet did not save UTF-8', () => {
    const latin1 = new Uint8Array([0x53, 0xe3, 0x6f, 0x20, 0x50, 0x61, 0x75, 0x6c, 0x6f]); // "São Paulo"
    expect(decodeCsv(latin1.buffer)).toBe('São Paulo');
    expect(decodeCsv(new TextEncoder().encode('Bogotá').buffer as ArrayBuffer)).toBe('Bogotá');
  });
});

describe('plug-share template and export', () => {
  it('writes a file the server reads back point for point, for every language style and country', () => {
    for (const language of ['br', 'en']) {
      for (const country of ['BR', 'CO', 'EC', 'UY']) {
        const points = examplePoints(country);
        const csv = buildCsv(points, csvStyleFor(language));
        const { points: read, errors } = readPlugShareFile(csv.replace(/^\uFEFF/, ''), types);
        expect(errors).toEqual({});
        expect(read.map((p) => [p.id, p.name, p.latitude, p.longitude, p.street, p.city, p.state, p.connectorTypePks.length])).toEqual(
          points.map((p) => [p.id, p.name, p.latitude, p.longitude, p.street, p.city, p.state, p.connectors.length]),
        );
      }
    }
  });

  it('quotes values holding the separator or quotes, when exporting', () => {
    const csv = buildCsv(
      [{ id: 'A', name: 'Posto "Central"; loja 2', latitude: -1.5, longitude: 2, street: null, city: null, state: null, connectors: [] }],
      csvStyleFor('br'),
    );
    expect(csv.split('\r\n')[1]).toBe('A;"Posto ""Central""; loja 2";-1,5;2;;;;');
  });
});

describe('plug-share import errors', () => {
  it('orders the rows by line then column and keeps whole-file errors first, when the server rejects a file', () => {
    expect(
      importErrorRows({ '4.connectors': 'c', '3.latitude': 'b', '3.name': 'a', file: 'f', '2.file': 'q' }).map((r) => [r.line, r.column]),
    ).toEqual([
      [null, null],
      [2, null],
      [3, 'name'],
      [3, 'latitude'],
      [4, 'connectors'],
    ]);
  });

  it('has a translation for every message the server’s reader writes, when given a file full of mistakes', () => {
    const files = [
      [
        'id,name,latitude,longitude,connectors',
        ',,95,abc,Type 9',
        'bad id!,x,1,1,',
        'A,y,1,1,',
        'A,z,1,1,' + Array(11).fill('Type 2').join('|'),
      ].join('\n'),
      'id,name',
      '',
      'id,name,latitude,longitude',
      'id,name,latitude,longitude\nA,"open,1,2',
      ['id,name,latitude,longitude,city', `A,${'n'.repeat(256)},1,1,${'c'.repeat(101)}`].join('\n'),
      ['id,name,latitude,longitude', ...Array.from({ length: 101 }, (_, i) => `X${i},,1,1`)].join('\n'),
      ['id,name,latitude,longitude', ...Array.from({ length: 5001 }, (_, i) => `X${i},n,1,1`)].join('\n'),
    ];
    const messages = new Set(files.flatMap((f) => Object.values(readPlugShareFile(f, types).errors)));
    messages.add('The id "A" is already used by a station of the network.'); // service.ts
    const untranslated = [...messages].filter((m) => translateServerMessage(m) === null);
    expect(untranslated).toEqual([]);
    expect(messages.size).toBeGreaterThanOrEqual(14);
    expect(translateServerMessage('The id "A" is repeated (first on line 4).')).toEqual({
      key: 'idRepeated',
      values: { id: 'A', line: '4' },
    });
  });
});
