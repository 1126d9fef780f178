/**
 * Bus subjects are dot-separated tokens (NATS rules: no '.', '*', '>' or whitespace inside a
 * token). Free text such as a charge box id is encoded into one token, reversibly.
 */
export function subjectToken(value: string): string {
  if (value === '') return '%';
  return encodeURIComponent(value).replace(/\./g, '%2E').replace(/\*/g, '%2A');
}

/** The bus subject of a live topic: `live.<apiKey>.<part>...` (topic parts split on '/'). */
export function liveSubject(topic: string): string {
  return `live.${topic.split('/').map(subjectToken).join('.')}`;
}

/**
 * The bus subject a live subscription listens on: the topic's subject, with a part that is only `+`
 * (a topic pattern's wildcard, contracts/live-topics) listening on any one token.
 */
export function liveSubscriptionSubject(topic: string): string {
  return `live.${topic
    .split('/')
    .map((part) => (part === '+' ? '*' : subjectToken(part)))
    .join('.')}`;
}
