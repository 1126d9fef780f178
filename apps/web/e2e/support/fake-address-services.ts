import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { rgbPng } from './png';

/*
 * A small stand-in for the public services the server reaches for addresses and maps, for the
 * browser tests only (the machines running them have no internet): ViaCEP-shaped zip look-ups,
 * Nominatim-shaped geocoding and a 256×256 PNG tile server. The server under test is pointed at it
 * through CEP_URL, GEOCODER_URL and MAP_TILE_URL, so the product's real adapters do the calls.
 */

/** ViaCEP answers (`logradouro` empty = a city-wide zip). */
export const fakeCeps: Record<string, { logradouro: string; bairro: string; localidade: string; uf: string }> = {
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
  '20040020': { logradouro: 'Avenida Rio Branco', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' },
  // A zip code that covers a whole town: ViaCEP answers it without a street.
  '13560970': { logradouro: '', bairro: '', localidade: 'São Carlos', uf: 'SP' },
};

/** The CEP whose answer takes longer than the server's 3-second adapter timeout. */
export const SLOW_CEP = '99999-001';
/** The CEP the fake service answers with HTTP 500. */
export const BROKEN_CEP = '99999-002';

/** Geocoding answers by street (lower case, without the house number); anything else finds nothing. */
export const fakePlaces: Record<string, { lat: string; lon: string }> = {
  'avenida paulista': { lat: '-23.5613', lon: '-46.6565' },
  'avenida rio branco': { lat: '-22.9035', lon: '-43.1766' },
  'rua episcopal': { lat: '-22.0174', lon: '-47.8908' },
};

/** The street whose geocoding takes longer than the adapter timeout. */
export const SLOW_STREET = 'Rua Demorada';

// ---------------------------------------------------------------------------------------------
// A map tile drawn here (no fixture on disk): a light street-map look, 256×256 RGB.

type Rgb = readonly [number, number, number];

/**
 * A street-map look that continues across tiles: blocks between white streets, a wide avenue on
 * every third tile row and column, parks on some blocks. Tiles differ by their (x, y) position.
 */
function tilePng(tileX: number, tileY: number): Buffer {
  const size = 256;
  const land: Rgb = [0xf2, 0xef, 0xe9];
  const block: Rgb = [0xe4, 0xdf, 0xd6];
  const street: Rgb = [0xff, 0xff, 0xff];
  const avenue: Rgb = [0xfc, 0xd6, 0xa4];
  const avenueEdge: Rgb = [0xe8, 0xb8, 0x7a];
  const park: Rgb = [0xc8, 0xe6, 0xc1];
  const hash = (a: number, b: number) => (((a * 73856093) ^ (b * 19349663)) >>> 0) % 7;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    row[0] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const bx = Math.floor(x / 64);
      const by = Math.floor(y / 64);
      let c: Rgb = land;
      if (x % 64 > 5 && x % 64 < 59 && y % 64 > 5 && y % 64 < 59) {
        c = hash(tileX * 4 + bx, tileY * 4 + by) === 0 ? park : block;
      }
      if (x % 64 <= 2 || y % 64 <= 2) c = street;
      const dy = Math.abs(y - 128);
      const dx = Math.abs(x - 128);
      if (tileY % 3 === 0 && dy <= 7) c = dy >= 6 ? avenueEdge : avenue;
      if (tileX % 3 === 0 && dx <= 7) c = dx >= 6 ? avenueEdge : avenue;
      row[1 + x * 3] = c[0];
      row[2 + x * 3] = c[1];
      row[3 + x * 3] = c[2];
    }
    rows.push(row);
  }
  return rgbPng(size, rows);
}

// ---------------------------------------------------------------------------------------------

export interface FakeAddressServices {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Template for CEP_URL. */
  cepUrl: string;
  /** GEOCODER_URL. */
  geocoderUrl: string;
  /** MAP_TILE_URL. */
  tileUrl: string;
  close(): Promise<void>;
}

/** The server's CEP_URL, GEOCODER_URL and MAP_TILE_URL for the fake services at `url`. */
export function fakeServiceUrls(url: string): Pick<FakeAddressServices, 'cepUrl' | 'geocoderUrl' | 'tileUrl'> {
  return {
    cepUrl: `${url}/ws/{cep}/json/`,
    geocoderUrl: `${url}/search`,
    tileUrl: `${url}/tiles/{z}/{x}/{y}.png`,
  };
}

const SLOW_MS = 6_000;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Starts the fake services on a free loopback port. */
export async function startFakeAddressServices(): Promise<FakeAddressServices> {
  const tiles = new Map<string, Buffer>();
  const tile = (x: number, y: number) => {
    const key = `${x},${y}`;
    let png = tiles.get(key);
    if (!png) {
      png = tilePng(x, y);
      if (tiles.size < 2000) tiles.set(key, png);
    }
    return png;
  };
  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, SLOW_MS);
    timers.add(timer);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    // ViaCEP: /ws/<8 digits>/json/
    const cep = /^\/ws\/([^/]+)\/json\/?$/.exec(url.pathname)?.[1];
    if (cep !== undefined) {
      if (!/^\d{8}$/.test(cep)) return json(res, 400, { erro: 'formato inválido' });
      if (cep === SLOW_CEP.replace('-', '')) return later(() => json(res, 200, { cep: SLOW_CEP, erro: true }));
      if (cep === BROKEN_CEP.replace('-', '')) return json(res, 500, { message: 'internal error' });
      const found = fakeCeps[cep];
      if (!found) return json(res, 200, { erro: true });
      return json(res, 200, { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', ...found, ibge: '', ddd: '' });
    }
    // Nominatim: /search?street=<number street>&city=…&format=jsonv2&limit=1
    if (url.pathname === '/search') {
      const street = (url.searchParams.get('street') ?? '')
        .replace(/^\s*[\d-]+\s+/, '')
        .trim()
        .toLowerCase();
      if (street === SLOW_STREET.toLowerCase()) return later(() => json(res, 200, []));
      const place = fakePlaces[street];
      if (!place) return json(res, 200, []);
      return json(res, 200, [
        {
          place_id: 1,
          lat: place.lat,
          lon: place.lon,
          display_name: `${street}, ${url.searchParams.get('city') ?? ''}`,
          category: 'highway',
        },
      ]);
    }
    // Tiles: /tiles/{z}/{x}/{y}.png
    const xyz = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
    if (xyz) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600', 'access-control-allow-origin': '*' });
      return res.end(tile(Number(xyz[2]), Number(xyz[3])));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  };

  const server: Server = createServer(handle);
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    ...fakeServiceUrls(url),
    close: () =>
      new Promise<void>((ok) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
