import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How one list setting reads from and writes to the address's query. */
export interface UrlCodec<V> {
  /** The value, or undefined when the text is not one (the default is used). */
  parse(raw: string): V | undefined;
  format(value: V): string;
}

export const textParam: UrlCodec<string> = {
  parse: (raw) => raw,
  format: (value) => value,
};

/** Whole numbers from `min` up (pages, ids); anything else in the address is ignored. */
export function intParam(min = 1): UrlCodec<number> {
  return {
    parse: (raw) => (/^\d{1,15}$/.test(raw) && Number(raw) >= min ? Number(raw) : undefined),
    format: (value) => String(value),
  };
}

/** Yes or no, written `1` and `0`. */
export const flagParam: UrlCodec<boolean> = {
  parse: (raw) => (raw === '1' ? true : raw === '0' ? false : undefined),
  format: (value) => (value ? '1' : '0'),
};

/** One of a fixed list of words. */
export function oneOfParam<T extends string>(values: readonly T[]): UrlCodec<T> {
  return {
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
    format: (value) => value,
  };
}

/** `YYYY-MM-DD` days (a period's ends). */
export const dayParam: UrlCodec<string> = {
  parse: (raw) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
    const date = new Date(`${raw}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === raw ? raw : undefined;
  },
  format: (value) => value,
};

type Codecs = Record<string, UrlCodec<unknown>>;
type ValueOf<C> = C extends UrlCodec<infer V> ? V : never;
/** What the address holds; a setting it leaves out (or that does not parse) is undefined. */
export type UrlValues<C extends Codecs> = { [K in keyof C]?: ValueOf<C[K]> };

export interface UrlStateOptions {
  /** Replace the current history entry instead of adding one (typing in a search box). */
  replace?: boolean;
}

/**
 * A list's filters, search, sort and page kept in the address: a reload, back and forward and a
 * shared link open the list as it was. The screen applies its defaults to what is undefined and
 * writes undefined (or '') for a default, which leaves it out of the address.
 */
export function useUrlState<C extends Codecs>(codecs: C): [UrlValues<C>, (patch: UrlValues<C>, options?: UrlStateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const values = useMemo(() => {
    const read = new URLSearchParams(key);
    const out: UrlValues<C> = {};
    for (const name of Object.keys(codecs) as (keyof C & string)[]) {
      const raw = read.get(name);
      const parsed = raw === null ? undefined : codecs[name]!.parse(raw);
      if (parsed !== undefined) out[name] = parsed as ValueOf<C[typeof name]>;
    }
    return out;
    // The codecs are fixed for a screen; the query string is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const update = useCallback(
    (patch: UrlValues<C>, options: UrlStateOptions = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(patch)) {
            const codec = codecs[name];
            if (!codec) continue;
            if (value === undefined || value === null || value === '') next.delete(name);
            else next.set(name, codec.format(value));
          }
          return next;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );

  return [values, update];
}

/**
 * A search box over a search kept in the address: the box follows what the user types at once, and
 * the address follows once typing settles (`commit`, which should replace the history entry). Back
 * and forward put the address's search back in the box.
 */
export function useSearchBox(value: string, commit: (text: string) => void, delayMs = 400): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => commit(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, commit, delayMs]);
  return [text, setText];
}
