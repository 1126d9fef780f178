import { createPrivateKey } from 'node:crypto';

/** A Firebase service account as /config keeps it: what FCM needs, and the JSON as uploaded. */
export interface ParsedServiceAccount {
  projectId: string;
  clientEmail: string;
  /** The uploaded JSON, normalised (parsed and written again): the stored secret. */
  json: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The service account JSON file downloaded from Firebase, or null when it is not one: a JSON object
 * with type 'service_account', a project_id, a client_email and a private_key that is a PEM private
 * key node:crypto can read (so a push never fails later on a key that cannot sign).
 */
export function parseServiceAccount(text: string): ParsedServiceAccount | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const account = json as Record<string, unknown>;
  const { type, project_id: projectId, client_email: clientEmail, private_key: privateKey } = account;
  if (type !== 'service_account') return null;
  if (typeof projectId !== 'string' || !/^[a-z0-9][a-z0-9-]{0,99}$/i.test(projectId)) return null;
  if (typeof clientEmail !== 'string' || clientEmail.length > 200 || !EMAIL.test(clientEmail)) return null;
  if (typeof privateKey !== 'string' || !/^-----BEGIN (RSA |EC )?PRIVATE KEY-----/.test(privateKey.trim())) return null;
  try {
    createPrivateKey(privateKey);
  } catch {
    return null;
  }
  return { projectId, clientEmail, json: JSON.stringify(account) };
}
