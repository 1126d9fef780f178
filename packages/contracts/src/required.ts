/**
 * A schema's message for a field that is missing altogether, where Zod would answer its own English
 * ("Invalid input: expected string, received undefined"): `z.string(whenMissing(msg))`. Other
 * errors of the field keep their own messages.
 */
export function whenMissing(message: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined) };
}
