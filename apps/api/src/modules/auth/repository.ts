import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens, revokedTokens } from '../../db/schema';

/** Revokes a token; false when it already was (another logout or refresh of the same token won). */
export async function revokeToken(db: DbOrTx, jti: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing().returning({ jti: revokedTokens.jti });
  // Keep the table small: rows past their expiry can never matter again.
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now() - interval '1 day'`));
  return inserted.length > 0;
}

export async function createResetToken(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

/** A token that exists, has not been used and has not expired; locked when `forUpdate`. */
export async function findLiveResetToken(
  db: DbOrTx,
  tokenHash: string,
  forUpdate = false,
): Promise<{ passwordResetTokenId: number; userId: number } | null> {
  const query = db
    .select({ passwordResetTokenId: passwordResetTokens.passwordResetTokenId, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function markResetTokenUsed(db: DbOrTx, passwordResetTokenId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(eq(passwordResetTokens.passwordResetTokenId, passwordResetTokenId));
}

/** A new link voids the earlier unused ones for the same user. */
export async function voidResetTokens(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
