import { z } from 'zod';
import {
  publicFlightSchema,
  publicFlightSummarySchema,
  publicIdParam as idParam,
  publicNewsItemSchema,
  publicPhotoSchema,
  publicReportSchema,
  yearSchema,
} from '@beach/domain';
import { envelope } from '../../../lib/http';

/** One contract with the staff screen (@beach/domain photos). */
export const photoSchema = publicPhotoSchema;
export const photosSchema = envelope(z.array(photoSchema));

/** One contract with the staff screen and the public page (@beach/domain reports). */
export const reportSchema = publicReportSchema;
export const reportsSchema = envelope(z.array(reportSchema));
export const reportDetailSchema = envelope(reportSchema);
export const reportsQuery = z.object({
  county: idParam.optional(),
  municipality: idParam.optional(),
  beach: idParam.optional(),
  program: idParam.optional(),
});

/** One contract with the map's and the news pages' reads (@beach/domain public-content). */
export const newsItemSchema = publicNewsItemSchema;
export const newsListSchema = envelope(z.array(newsItemSchema));
export const newsDetailSchema = envelope(newsItemSchema);
/** The first "latest" banner item in rank order, else the first item; null when there is no news. */
export const latestNewsSchema = envelope(newsItemSchema.nullable());

export const flightsQuery = z.object({ year: yearSchema.optional() });
/** One contract with the staff screen and the public pages (@beach/domain daily-flights). */
export const flightsSchema = envelope(z.array(publicFlightSummarySchema));
export const flightDetailSchema = envelope(publicFlightSchema);

export const linksSchema = envelope(
  z.array(
    z.object({
      link_id: z.number(),
      title: z.string(),
      url: z.string(),
      description: z.string(),
      category: z.string(),
      rank: z.number(),
    }),
  ),
);

export const faqsSchema = envelope(
  z.array(
    z.object({
      faq_id: z.number(),
      question: z.string(),
      answer: z.string(),
      rank: z.number(),
      photos: z.array(
        z.object({
          faq_photo_id: z.number(),
          file_id: z.number(),
          file: z.string(),
          width: z.number().nullable(),
          height: z.number().nullable(),
          title: z.string(),
          desc: z.string(),
          name: z.string(),
          type: z.string(),
        }),
      ),
    }),
  ),
);

export const lhasSchema = envelope(
  z.array(
    z.object({
      local_health_authority_id: z.number(),
      name: z.string(),
      desc: z.string().nullable(),
      county_id: z.number().nullable(),
      contact_person: z.string().nullable(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      zip_code: z.string().nullable(),
      phone_number: z.string().nullable(),
      url: z.string().nullable(),
      municipalities: z.array(z.number()),
    }),
  ),
);

export const geographySchema = envelope(
  z.object({
    counties: z.array(z.object({ county_id: z.number(), name: z.string() })),
    municipalities: z.array(z.object({ municipality_id: z.number(), county_id: z.number(), name: z.string() })),
  }),
);

export const switchesSchema = envelope(
  z.array(z.object({ website_toggle_id: z.number(), code: z.string(), value: z.boolean() })),
);

export const SEARCH_LIMIT_PER_KIND = 10;
export const searchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100, 'At most 100 characters'),
});
export const searchSchema = envelope(
  z.object({
    q: z.string(),
    beaches: z.array(
      z.object({
        beach_station_id: z.number(),
        station_name: z.string(),
        beach_name: z.string(),
        municipality: z.string(),
        county: z.string(),
      }),
    ),
    news: z.array(z.object({ news_id: z.number(), title: z.string(), published_on: z.string() })),
    faqs: z.array(z.object({ faq_id: z.number(), question: z.string() })),
    reports: z.array(z.object({ report_and_publication_id: z.number(), title: z.string(), date: z.string() })),
  }),
);
