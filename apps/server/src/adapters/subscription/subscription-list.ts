import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing } from '../../db/kept.ts';
import { subscriptionOutbox } from '../../db/schema/index.ts';

/** One marketing opt-in (spec 2 §7 POST /subscribe: email, first_name, gender, age, subscription_list_id). */
export interface Subscription {
  listId: string;
  email: string;
  firstName: string | null;
  gender: 'M' | 'F' | null;
  age: number | null;
  userId: number | null;
}

/**
 * The marketing subscription list (spec/README.md resolution 7). A real implementation hands the opt-in to the list
 * provider; lists names the lists it accepts, the first being the default.
 */
export interface SubscriptionList {
  readonly lists: readonly string[];
  subscribe(subscription: Subscription): Promise<void>;
}

/** The list patients are offered (spec 2 §2 'marketing opt-in (prc)'). */
export const DEFAULT_SUBSCRIPTION_LIST_ID = 'patient-newsletter';

/**
 * The local default: an outbox table in the database, one row per list and email (a repeated opt-in updates it and
 * clears sentAt), for a job to hand over when a provider is configured. Works with any number of API processes.
 */
export function outboxSubscriptionList(
  db: Db,
  lists: readonly string[] = [DEFAULT_SUBSCRIPTION_LIST_ID],
): SubscriptionList {
  return {
    lists,
    async subscribe(subscription) {
      const values = { ...subscription, email: subscription.email.trim().toLowerCase() };
      await changing(['subscriptions'], () =>
        db
          .insert(subscriptionOutbox)
          .values(values)
          .onConflictDoUpdate({
            target: [subscriptionOutbox.listId, subscriptionOutbox.email],
            set: {
              firstName: values.firstName,
              gender: values.gender,
              age: values.age,
              userId: values.userId,
              createdAt: sql`now()`,
              sentAt: null,
            },
          }),
      );
    },
  };
}
