import { beforeAll } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { seedBatches } from '~/server/storage/batches';

/** The start date of the batches `useOpenBatches` writes: open for any clock a test sets. */
const FAR_START = '2099-12-07';

/**
 * For tests whose clock runs years ahead (financial-year series of their own): the site's batches
 * are one per course starting in 2099 with 500 seats, written as the site's seed, so a cart's next
 * open batch is still open at checkout and never full. Call after `useBlobsServer()`.
 */
export function useOpenBatches(): void {
  beforeAll(async () => {
    const at = new Date().toISOString();
    await seedBatches(
      courses.map((course) => ({
        id: `b-${course.id}-20991207-far`,
        courseId: course.id,
        startsOn: FAR_START,
        schedule: 'Mon-Thu 19:00-21:00 IST',
        sessions: 16,
        trainer: 'Asha Kulkarni',
        seats: 500,
        claims: {},
        createdAt: at,
        updatedAt: at,
      })),
      new Date(),
    );
  });
}
