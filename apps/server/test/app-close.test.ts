import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app';

describe('closing the app', () => {
  it('a close hook still finishing its work after 10 s (a node answering a fleet’s last messages): the close waits for it, no timeout error', async () => {
    // Arrange: Fastify's default would end the close with AVV_ERR_READY_TIMEOUT at 10 s.
    const t = await createTestApp();
    let finished = false;
    t.app.addHook('preClose', async () => {
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      finished = true;
    });

    // Act
    const closing = t.close();

    // Assert
    await expect(closing).resolves.toBeUndefined();
    expect(finished).toBe(true);
  }, 30_000);
});
