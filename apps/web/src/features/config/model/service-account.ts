import { PUSH_JSON_MAX } from '@recarga/contracts/tenant-settings-constants';

export interface ServiceAccountSummary {
  projectId: string;
  clientEmail: string;
}

/**
 * What a Firebase service-account file identifies (project and client e-mail), or null when the text
 * is not one: JSON with `project_id`, `client_email` and `private_key`, as Firebase downloads it.
 * The server checks again; this only spares an upload that cannot succeed.
 */
export function readServiceAccount(text: string): ServiceAccountSummary | null {
  if (text.length < 2 || text.length > PUSH_JSON_MAX) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const field = (key: string) => (typeof record[key] === 'string' ? (record[key] as string).trim() : '');
  const projectId = field('project_id');
  const clientEmail = field('client_email');
  if (!projectId || !clientEmail || !field('private_key')) return null;
  return { projectId, clientEmail };
}
