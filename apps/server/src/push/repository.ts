import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { pushSubscriptions, userSettings } from '../db/schema';
import type { PushKind } from './contract';

export interface SubscriptionValues {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string | null;
}

/**
 * Saves a device's subscription; an endpoint already known (the same browser, perhaps signed in
 * as someone else before) moves to this user with its new keys. One statement: two devices
 * racing on one endpoint are ordered by its unique index.
 */
export async function upsertSubscription(db: Db | Tx, values: SubscriptionValues): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        device: values.device,
        createdAt: sql`now()`,
        lastSentAt: null,
      },
    });
}

/** Removes the user's own subscription at `endpoint`; answers whether there was one. */
export async function deleteOwnSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said the subscription is gone (404/410). */
export async function deleteSubscription(db: Db, id: number, endpoint: string): Promise<void> {
  // The endpoint too: the row may have been replaced by a fresh subscription meanwhile.
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function markSent(db: Db, id: number, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSentAt: at }).where(eq(pushSubscriptions.id, id));
}

export function devicesOf(db: Db, userId: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      createdAt: pushSubscriptions.createdAt,
      lastSentAt: pushSubscriptions.lastSentAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
}

export interface PushChoices {
  approval: boolean;
  rejected: boolean;
  announcement: boolean;
  reminder: boolean;
}

const COLUMN = {
  approval: userSettings.pushApproval,
  rejected: userSettings.pushRejected,
  announcement: userSettings.pushAnnouncement,
  reminder: userSettings.pushReminder,
} as const;

/** The user's choices; no settings row means every kind is on. */
export async function preferencesOf(db: Db, userId: number): Promise<PushChoices> {
  const [row] = await db
    .select({
      approval: userSettings.pushApproval,
      rejected: userSettings.pushRejected,
      announcement: userSettings.pushAnnouncement,
      reminder: userSettings.pushReminder,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row ?? { approval: true, rejected: true, announcement: true, reminder: true };
}

/** Writes the four push choices; the other settings of the row (public_matches) stay as they are. */
export async function savePreferences(db: Db, userId: number, choices: PushChoices): Promise<void> {
  const set = {
    pushApproval: choices.approval,
    pushRejected: choices.rejected,
    pushAnnouncement: choices.announcement,
    pushReminder: choices.reminder,
  };
  await db
    .insert(userSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...set, updatedAt: sql`now()` } });
}

/** Every user with at least one device. */
export async function usersWithDevices(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions);
  return rows.map((row) => row.userId);
}

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Every device of the users who accept `kind`, in one query (no settings row: accepted). */
export function targetsOf(db: Db, userIds: readonly number[], kind: PushKind): Promise<PushTarget[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .leftJoin(userSettings, eq(userSettings.userId, pushSubscriptions.userId))
    .where(and(inArray(pushSubscriptions.userId, [...userIds]), sql`coalesce(${COLUMN[kind]}, true)`))
    .orderBy(pushSubscriptions.id);
}
