import { z } from 'zod';
import { idSchema, singleLine } from './common';

/** Public beach alerts by e-mail (issue 16, decision 0044): requests and answers. */

export const ALERT_LANGUAGES = ['en', 'es'] as const;
export type AlertLanguage = (typeof ALERT_LANGUAGES)[number];
export const ALERT_SCOPES = ['BEACH', 'MUNICIPALITY', 'COUNTY'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];

/** At most this many places in one subscription (a county covers many beaches: nobody needs more). */
export const ALERT_MAX_PLACES = 50;

export const ALERT_MESSAGES = {
  emailRequired: 'Enter your e-mail address.',
  emailInvalid: 'Enter an e-mail address like name@example.com.',
  nothingChosen: 'Choose at least one beach, municipality or county.',
  tooMany: `Choose at most ${ALERT_MAX_PLACES} beaches, municipalities and counties in all.`,
  subscribeAccepted: 'Check your e-mail: we sent a message to the address you gave. Open its link to confirm your alerts.',
  tooManyRequests: 'Too many sign-up requests. Please try again later.',
  badToken: 'This link is not valid or has expired.',
} as const;

const alertEmailSchema = singleLine(z.string({ error: ALERT_MESSAGES.emailRequired }).trim().min(1, ALERT_MESSAGES.emailRequired).max(254, ALERT_MESSAGES.emailInvalid))
  .pipe(z.email({ error: ALERT_MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** A row id: a positive whole number PostgreSQL's integer holds (a larger one is a 400, never a database error). */
const rowId = idSchema;

const idList = z.array(rowId).max(ALERT_MAX_PLACES, ALERT_MESSAGES.tooMany).default([]);

/** The places of a subscription: ids of beaches, municipalities and counties. */
export const alertPlacesSchema = z
  .object({ beach_ids: idList, municipality_ids: idList, county_ids: idList })
  .refine((p) => p.beach_ids.length + p.municipality_ids.length + p.county_ids.length > 0, {
    message: ALERT_MESSAGES.nothingChosen,
    path: ['beach_ids'],
  })
  .refine((p) => p.beach_ids.length + p.municipality_ids.length + p.county_ids.length <= ALERT_MAX_PLACES, {
    message: ALERT_MESSAGES.tooMany,
    path: ['beach_ids'],
  });
export type AlertPlaces = z.infer<typeof alertPlacesSchema>;

const languageSchema = z.enum(ALERT_LANGUAGES, { error: 'Choose English or Spanish.' });

/** POST public/alerts/subscribe. */
export const alertSubscribeSchema = z.intersection(alertPlacesSchema, z.object({ email: alertEmailSchema, language: languageSchema }));
export type AlertSubscribe = z.infer<typeof alertSubscribeSchema>;

/** A token from a link: base64url, 43 characters for 32 bytes. */
export const alertTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, ALERT_MESSAGES.badToken);
export const alertTokenParams = z.object({ token: alertTokenSchema });
export const alertConfirmSchema = z.object({ token: alertTokenSchema });

/** PUT public/alerts/manage/{token}. */
export const alertManageUpdateSchema = z.intersection(alertPlacesSchema, z.object({ language: languageSchema }));
export type AlertManageUpdate = z.infer<typeof alertManageUpdateSchema>;

const place = z.object({ id: z.number(), name: z.string() });

/** GET public/alerts/places: what can be followed (places with a public beach). */
export const alertPlacesResponse = z.object({
  beaches: z.array(z.object({ id: z.number(), name: z.string(), municipality_id: z.number() })),
  municipalities: z.array(z.object({ id: z.number(), name: z.string(), county_id: z.number() })),
  counties: z.array(place),
});
export type AlertPlacesList = z.infer<typeof alertPlacesResponse>;

/** A subscriber as its manage page shows it. */
export const alertSubscriptionResponse = z.object({
  email: z.string(),
  language: languageSchema,
  confirmed: z.boolean(),
  beaches: z.array(place),
  municipalities: z.array(place),
  counties: z.array(place),
});
export type AlertSubscription = z.infer<typeof alertSubscriptionResponse>;

/** POST public/alerts/confirm: the manage token, for the page's link. */
export const alertConfirmResponse = z.object({ manage_token: z.string(), subscription: alertSubscriptionResponse });
export type AlertConfirmation = z.infer<typeof alertConfirmResponse>;

/** GET beach/{id}/alertSubscribers (staff): confirmed subscribers whose alerts cover the station's beach. */
export const alertSubscriberCountsResponse = z.object({
  beach_id: z.number(),
  /** Distinct confirmed subscribers covering the beach by any scope. */
  total: z.number(),
  beach: z.number(),
  municipality: z.number(),
  county: z.number(),
});
export type AlertSubscriberCounts = z.infer<typeof alertSubscriberCountsResponse>;

export const alertExportParams = z.object({ id: rowId });
export const alertStationParams = z.object({ id: rowId });
