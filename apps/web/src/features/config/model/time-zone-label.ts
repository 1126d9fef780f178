/** 'America/Sao_Paulo' → 'America/Sao Paulo · GMT-3' (the zone's offset today, as the browser names it). */
export function timeZoneLabel(zone: string, at: Date = new Date()): string {
  const name = zone.replace(/_/g, ' ');
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part ? `${name} · ${part.value}` : name;
  } catch {
    return name;
  }
}
