import { z } from 'zod';
import { idSchema } from '@beach/domain';

/** Response shapes of the LHA calls (request bodies live in @beach/domain: lhaSaveSchema). */

export const lhaIdParams = z.object({ id: idSchema });

export const lhaResponse = z.object({
  local_health_authority_id: z.number(),
  name: z.string(),
  desc: z.string().nullable(),
  county_id: z.number().nullable(),
  county: z.object({ county_id: z.number(), name: z.string() }).nullable(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  phone_number: z.string().nullable(),
  url: z.string().nullable(),
  municipalities: z.array(z.number()),
});

/** GET localHealthAuthority: payload.list. */
export const lhaListResponse = z.object({ list: z.array(lhaResponse) });
