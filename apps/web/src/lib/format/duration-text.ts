/** A duration in seconds as hours and minutes ('1 h', '1 h 30 min', '168 h', '45 s'): units are the same in every language. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const min = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const parts = [h ? `${h} h` : '', min ? `${min} min` : '', rest ? `${rest} s` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : '0 s';
}
