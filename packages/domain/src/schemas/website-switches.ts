import { z } from 'zod';
import { idSchema } from './common';

/**
 * All Switches (SPEC 3 Website toggle, SPEC 4 switches, SPEC 7 `GET switch/`, `PUT /switch/{id}/setTo/{toggle|enable|disable}`,
 * `PUT /switch/{id}/` with {value}): every public behaviour that can be turned off. One contract for api and web.
 */

export const SWITCH_CODES = {
  SWITCHES_FOUND: 'SWITCHES_FOUND',
  SWITCH_SAVED: 'SWITCH_SAVED',
} as const;

/**
 * The switches the public site follows: the welcome pop-up, the news banner, the aircraft readings on Daily Flights,
 * the data downloads (Beach Data) and the site notice.
 */
export const SITE_SWITCH_CODES = ['WELCOME_MODAL', 'NEWS_BANNER', 'AIRCRAFT_DATA', 'DOWNLOADS', 'MAINTENANCE_NOTICE'] as const;
export type SiteSwitchCode = (typeof SITE_SWITCH_CODES)[number];

/** A switch as GET switch/ lists it. */
export const websiteSwitchSchema = z.object({
  website_toggle_id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  value: z.boolean(),
});
export type WebsiteSwitch = z.output<typeof websiteSwitchSchema>;
/** GET switch/: every switch. */
export const websiteSwitchListSchema = z.array(websiteSwitchSchema);

export const SWITCH_ACTIONS = ['toggle', 'enable', 'disable'] as const;
export type SwitchAction = (typeof SWITCH_ACTIONS)[number];

export const switchIdParamsSchema = z.object({ id: idSchema });
export const switchSetToParamsSchema = z.object({
  id: idSchema,
  action: z.enum(SWITCH_ACTIONS, { error: 'Use toggle, enable or disable' }),
});

/** PUT /switch/{id}/: {value} as true/false (or 1/0). */
export const switchValueSchema = z.object({
  value: z
    .union([z.boolean(), z.literal(1), z.literal(0)], { error: 'Value must be true or false' })
    .transform((v) => v === true || v === 1),
});
export type SwitchValueInput = z.input<typeof switchValueSchema>;
