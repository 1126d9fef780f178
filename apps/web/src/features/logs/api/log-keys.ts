/** Query keys of the log screen. */
export const logKeys = {
  all: ['logs'] as const,
  text: (tenant: string) => ['logs', 'text', tenant] as const,
};
