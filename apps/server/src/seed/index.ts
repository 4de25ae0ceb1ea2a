import type { FileStorage } from '../adapters/storage/file-storage.ts';
import type { Db } from '../db/client.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoPanels } from './demo-panels.ts';
import { seedDemoPatients } from './demo-patients.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { seedDemoPitlOrders } from './demo-pitl-orders.ts';
import { seedReviewDemoOrders } from './demo-review-orders.ts';
import { seedDemoStatusOrders } from './demo-status-orders.ts';
import { seedDiscounts } from './discounts.ts';
import { seedPeople } from './people.ts';
import { seedSpecialFees } from './special-fees.ts';

/**
 * The demo data of demo-data.md; idempotent, so it runs on every start unless turned off. Answers the ids of demo
 * orders that have no pack number to find them by. Result PDFs of the demo orders go to resultStorage when given.
 */
export async function seedDemoData(
  db: Db,
  resultStorage: FileStorage | null = null,
): Promise<{ shipToOfficeOrderId: number }> {
  await seedPeople(db);
  await seedCatalogue(db);
  await seedSpecialFees(db);
  await seedDiscounts(db);
  await seedDemoOrders(db);
  await seedDemoPanels(db);
  await seedDemoPatients(db);
  const review = await seedReviewDemoOrders(db);
  await seedDemoPayments(db);
  await seedDemoStatusOrders(db, resultStorage);
  await seedDemoPitlOrders(db);
  return review;
}
