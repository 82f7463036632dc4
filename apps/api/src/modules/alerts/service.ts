import { createHmac, randomBytes } from 'node:crypto';
import {
  ALERT_MESSAGES,
  CODES,
  alertMailText,
  alreadySubscribedMailText,
  confirmationMailText,
  csvLine,
  listUnsubscribeHeaders,
  placesToScopes,
  type AlertLanguage,
  type AlertManageUpdate,
  type AlertPlaces,
  type AlertPlacesList,
  type AlertSubscribe,
  type AlertConfirmation,
  type AlertSubscription,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { HttpError, invalidFields, notFound, type FieldIssue } from '../../lib/http';
import { hashOneTimeToken, newOneTimeToken } from '../../lib/tokens';
import * as repo from './repository';

/**
 * Public beach alerts by e-mail (issue 16, decision 0044): sign-up with double opt-in, the manage page by a
 * secret link, one-click unsubscribe, and the delivery that turns status changes into mails.
 */

export const ALERT_MAIL_KIND = { confirm: 'ALERT_CONFIRM', known: 'ALERT_ALREADY_SUBSCRIBED', alert: 'BEACH_ALERT' } as const;

/** Sign-ups per client address and per e-mail address in ALERT_THROTTLE.windowMs. */
export const ALERT_THROTTLE = { perAddress: 10, perEmail: 3, windowMs: 60 * 60_000 } as const;
const CONFIRM_VALID_MS = 7 * 24 * 60 * 60_000;
/** The sign-up answer comes no sooner than this, known address or not (the work for either hides inside). */
const SUBSCRIBE_FLOOR_MS = 400;
/** The delivery looks at status changes made this recently (a job down longer than this skips older ones). */
export const ALERT_LOOKBACK_HOURS = 72;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The manage token: an HMAC of the subscriber's salt under the server secret; the database keeps its hash only. */
export function manageToken(deps: AppDeps, salt: string): string {
  return createHmac('sha256', deps.config.jwtSecret).update(`beach-alerts:manage:${salt}`).digest('base64url');
}

export function alertLinks(deps: AppDeps, token: string) {
  const base = deps.config.publicUrl;
  return {
    manageUrl: `${base}/alerts/manage/${token}`,
    unsubscribeUrl: `${base}/api/public/alerts/unsubscribe/${token}`,
  };
}

export class TooManySignups extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, CODES.TOO_MANY_ATTEMPTS, ALERT_MESSAGES.tooManyRequests);
  }
}

export async function followablePlaces(deps: AppDeps): Promise<AlertPlacesList> {
  const rows = await repo.listFollowablePlaces(deps.database.db);
  const byId = <T extends { id: number; name: string }>(items: T[]) =>
    [...new Map(items.map((i) => [i.id, i])).values()].sort((a, b) => a.name.localeCompare(b.name));
  return {
    beaches: byId(rows.map((r) => ({ id: r.beach_id, name: r.beach, municipality_id: r.municipality_id }))),
    municipalities: byId(rows.map((r) => ({ id: r.municipality_id, name: r.municipality, county_id: r.county_id }))),
    counties: byId(rows.map((r) => ({ id: r.county_id, name: r.county }))),
  };
}

/** Every id must name a place with a public beach: an unknown one is a 400 naming the field. */
async function checkPlaces(deps: AppDeps, places: AlertPlaces): Promise<string[]> {
  const known = await followablePlaces(deps);
  const issues: FieldIssue[] = [];
  const names: string[] = [];
  const check = (field: keyof AlertPlaces, list: { id: number; name: string }[], suffix = '') =>
    places[field].forEach((id, i) => {
      const place = list.find((p) => p.id === id);
      if (place) names.push(place.name + suffix);
      else issues.push({ field: `${field}.${i}`, message: 'Unknown place: choose from the list.' });
    });
  check('beach_ids', known.beaches);
  check('municipality_ids', known.municipalities);
  check('county_ids', known.counties, ' County');
  if (issues.length) throw invalidFields(issues);
  return names;
}

async function reserveSignup(deps: AppDeps, email: string, ip: string) {
  const limits: [string, number][] = [
    [`alerts:address:${ip}`, ALERT_THROTTLE.perAddress],
    [`alerts:email:${email}`, ALERT_THROTTLE.perEmail],
  ];
  const taken = await Promise.all(limits.map(([key, limit]) => deps.throttle.reserve(key, limit, ALERT_THROTTLE.windowMs)));
  if (taken.every(Boolean)) return;
  await Promise.all(limits.map(([key], i) => taken[i] && deps.throttle.release(key)));
  throw new TooManySignups(ALERT_THROTTLE.windowMs / 1000);
}

/**
 * POST public/alerts/subscribe. The answer is the same whatever the address's state: a new address gets a
 * confirmation mail; a pending one gets its request replaced and a new confirmation mail (the older link
 * stops working); a confirmed one gets a mail with its manage link and nothing changes.
 */
export async function subscribe(deps: AppDeps, input: AlertSubscribe, ip: string): Promise<void> {
  const names = await checkPlaces(deps, input);
  await reserveSignup(deps, input.email, ip);
  await Promise.all([sleep(SUBSCRIBE_FLOOR_MS), registerSignup(deps, input, names)]);
}

async function registerSignup(deps: AppDeps, input: AlertSubscribe, names: string[]): Promise<void> {
  const db = deps.database.db;
  const scopes = placesToScopes(input);
  const confirm = newOneTimeToken();
  const expires = new Date(Date.now() + CONFIRM_VALID_MS);
  const confirmUrl = `${deps.config.publicUrl}/alerts/confirm/${confirm.token}`;
  await db.transaction(async (tx) => {
    const salt = randomBytes(24).toString('base64url');
    let id = await repo.insertSubscriber(tx, {
      email: input.email,
      language: input.language,
      tokenSalt: salt,
      manageTokenHash: hashOneTimeToken(manageToken(deps, salt)),
      confirmTokenHash: confirm.hash,
      confirmExpiresAt: expires,
    });
    if (!id) {
      const known = await repo.findSubscriberByEmail(tx, input.email, true);
      if (!known) throw new Error('alert subscriber vanished during sign-up');
      if (known.confirmed) {
        const mail = alreadySubscribedMailText(known.language, alertLinks(deps, manageToken(deps, known.token_salt)).manageUrl);
        await deps.mailer.send(tx, { kind: ALERT_MAIL_KIND.known, to: input.email, ...mail });
        return;
      }
      id = known.alert_subscriber_id;
      await repo.renewPending(tx, id, input.language, confirm.hash, expires);
    }
    await repo.replaceScopes(tx, id, scopes);
    await deps.mailer.send(tx, { kind: ALERT_MAIL_KIND.confirm, to: input.email, ...confirmationMailText(input.language, names, confirmUrl) });
  });
}

const badLink = () => notFound('Alert subscription', 'ALERT_LINK_INVALID');

async function subscriptionView(deps: AppDeps, s: repo.SubscriberRecord, confirmed = s.confirmed): Promise<AlertSubscription> {
  const scopes = await repo.listScopes(deps.database.db, s.alert_subscriber_id);
  const of = (scope: string) => scopes.filter((x) => x.scope === scope).map((x) => ({ id: x.scope_id, name: x.name }));
  return { email: s.email, language: s.language, confirmed, beaches: of('BEACH'), municipalities: of('MUNICIPALITY'), counties: of('COUNTY') };
}

/** POST public/alerts/confirm: the double opt-in link. Opening it again after confirmation is a 404 (one-time). */
export async function confirmSubscription(deps: AppDeps, token: string): Promise<AlertConfirmation> {
  const subscriber = await deps.database.db.transaction(async (tx) => {
    const s = await repo.findSubscriberByConfirmHash(tx, hashOneTimeToken(token));
    if (!s || s.confirmed || s.confirm_expired) return null;
    await repo.markConfirmed(tx, s.alert_subscriber_id);
    return s;
  });
  if (!subscriber) throw badLink();
  return { manage_token: manageToken(deps, subscriber.token_salt), subscription: await subscriptionView(deps, subscriber, true) };
}

async function byManageToken(deps: AppDeps, token: string) {
  const s = await repo.findSubscriberByManageHash(deps.database.db, hashOneTimeToken(token));
  if (!s) throw badLink();
  return s;
}

export async function getManagedSubscription(deps: AppDeps, token: string): Promise<AlertSubscription> {
  return subscriptionView(deps, await byManageToken(deps, token));
}

/** PUT public/alerts/manage/{token}: the places and language, replaced in one transaction. */
export async function updateManagedSubscription(deps: AppDeps, token: string, input: AlertManageUpdate): Promise<AlertSubscription> {
  await checkPlaces(deps, input);
  const s = await deps.database.db.transaction(async (tx) => {
    const found = await repo.findSubscriberByManageHash(tx, hashOneTimeToken(token), true);
    if (!found) return null;
    await repo.setLanguage(tx, found.alert_subscriber_id, input.language);
    await repo.replaceScopes(tx, found.alert_subscriber_id, placesToScopes(input));
    return { ...found, language: input.language };
  });
  if (!s) throw badLink();
  return subscriptionView(deps, s);
}

/**
 * Unsubscribe from everything (the manage page's button, the one-click POST of RFC 8058): the subscriber and
 * what it follows are deleted. True when there was one; an already-used link answers the same to the caller.
 */
export async function unsubscribe(deps: AppDeps, token: string): Promise<boolean> {
  const s = await repo.findSubscriberByManageHash(deps.database.db, hashOneTimeToken(token));
  if (!s) return false;
  return repo.deleteSubscriber(deps.database.db, s.alert_subscriber_id);
}

/** For the unsubscribe page: the subscriber's language, when the link is live. */
export async function unsubscribeLanguage(deps: AppDeps, token: string): Promise<AlertLanguage | null> {
  const s = await repo.findSubscriberByManageHash(deps.database.db, hashOneTimeToken(token));
  return s?.language ?? null;
}

// ---- Delivery ---------------------------------------------------------------------------------------------

export interface DeliveryOptions {
  lookbackHours?: number;
  /** Tests: called after each subscriber's transaction committed (the kill -9 test stops the process there). */
  afterSubscriber?: (subscriberId: number, mailed: number) => Promise<void>;
}

/**
 * The alert job's work: every public status change (not IMPORT) made after a subscriber confirmed, covering a
 * beach it follows, and not yet mailed to it, goes out as one mail per subscriber: the change itself, or a
 * digest when several are pending at once. Per subscriber, one transaction locks the subscriber, records the
 * (subscriber, change) pairs in alert_deliveries (a unique key: a pair another run recorded is skipped) and
 * writes the outbox row, so a retried, concurrent or killed run never mails a change twice.
 */
export async function deliverAlerts(deps: AppDeps, options: DeliveryOptions = {}): Promise<{ subscribers: number; mails: number; changes: number }> {
  const db = deps.database.db;
  const pairs = await repo.listPendingPairs(db, options.lookbackHours ?? ALERT_LOOKBACK_HOURS);
  const bySubscriber = new Map<number, number[]>();
  for (const p of pairs) bySubscriber.set(p.subscriber, [...(bySubscriber.get(p.subscriber) ?? []), p.history]);
  let mails = 0;
  let changes = 0;
  for (const [subscriberId, historyIds] of bySubscriber) {
    const mailed = await db.transaction(async (tx) => {
      const s = await repo.lockConfirmedSubscriber(tx, subscriberId);
      if (!s) return 0;
      const claimed = await repo.claimDeliveries(tx, subscriberId, historyIds);
      if (claimed.length === 0) return 0;
      const token = manageToken(deps, s.token_salt);
      const links = alertLinks(deps, token);
      const text = alertMailText(s.language, await repo.listChanges(tx, claimed), links);
      await deps.mailer.send(tx, { kind: ALERT_MAIL_KIND.alert, to: s.email, ...text, headers: listUnsubscribeHeaders(links.unsubscribeUrl) });
      await repo.linkDeliveriesToLastMail(tx, subscriberId, claimed);
      return claimed.length;
    });
    if (mailed) {
      mails++;
      changes += mailed;
    }
    await options.afterSubscriber?.(subscriberId, mailed);
  }
  return { subscribers: bySubscriber.size, mails, changes };
}

// ---- Staff --------------------------------------------------------------------------------------------------

export async function subscriberCountsOfBeach(deps: AppDeps, beachId: number) {
  return { beach_id: beachId, ...(await repo.countSubscribersOfBeach(deps.database.db, beachId)) };
}

/** The organization admin's CSV export of a program's confirmed subscribers, audited (who, which program, how many). */
export async function exportProgramSubscribers(deps: AppDeps, userId: number, programId: number): Promise<string> {
  const rows = await repo.listProgramSubscribers(deps.database.db, programId);
  await writeAudit(deps.database.db, {
    userId,
    action: 'EXPORT_ALERT_SUBSCRIBERS',
    tableName: 'alert_subscribers',
    recordId: programId,
    programId,
    after: { program_id: programId, rows: rows.length },
  });
  return csvLine(['email', 'language', 'confirmed_at', 'beaches']) + rows.map((r) => csvLine([r.email, r.language, r.confirmed_at, r.beaches], [true, false, false, true])).join('');
}
