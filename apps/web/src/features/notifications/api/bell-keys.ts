/** Query keys of the signed-in user's bell and notification preferences. */
export const bellKeys = {
  bell: ['notifications', 'bell'] as const,
  preferences: ['notifications', 'preferences'] as const,
};
