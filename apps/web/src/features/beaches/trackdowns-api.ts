import { sourceTrackdownListSchema, sourceTrackdownSchema, type SourceTrackdown, type SourceTrackdownList } from '@beach/domain';
import { api, type Envelope } from '../../app/api';

/**
 * Source trackdowns of a station (SPEC 7 "Source trackdowns (multipart)"): the list (with the station's
 * incidents a trackdown may name), those following up one incident (issue 28), and a create or an update as
 * multipart (the browser sets the boundary; an update says `_method=PUT` in the form).
 */
export const trackdownsApi = api.injectEndpoints({
  endpoints: (build) => ({
    stationTrackdowns: build.query<SourceTrackdownList, number>({
      query: (stationId) => `beach/${stationId}/sourceTrackdown`,
      transformResponse: (response: Envelope) => sourceTrackdownListSchema.parse(response.payload),
      providesTags: ['Trackdowns'],
    }),
    incidentTrackdowns: build.query<SourceTrackdown[], { stationId: number; incidentId: number }>({
      query: ({ stationId, incidentId }) => `beach/${stationId}/sourceTrackdown?incident_id=${incidentId}`,
      transformResponse: (response: Envelope) => sourceTrackdownListSchema.parse(response.payload).list,
      providesTags: ['Trackdowns'],
    }),
    createTrackdown: build.mutation<SourceTrackdown, { stationId: number; body: FormData }>({
      query: ({ stationId, body }) => ({ url: `beach/${stationId}/sourceTrackdown`, method: 'POST', body }),
      transformResponse: (response: Envelope) => sourceTrackdownSchema.parse(response.payload),
      invalidatesTags: ['Trackdowns'],
    }),
    updateTrackdown: build.mutation<SourceTrackdown, { stationId: number; id: number; body: FormData }>({
      query: ({ stationId, id, body }) => ({ url: `beach/${stationId}/sourceTrackdown/${id}`, method: 'POST', body }),
      transformResponse: (response: Envelope) => sourceTrackdownSchema.parse(response.payload),
      invalidatesTags: ['Trackdowns'],
    }),
    deleteTrackdown: build.mutation<null, { stationId: number; id: number }>({
      query: ({ stationId, id }) => ({ url: `beach/${stationId}/sourceTrackdown/${id}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['Trackdowns'],
    }),
  }),
});

export const { useStationTrackdownsQuery, useIncidentTrackdownsQuery, useCreateTrackdownMutation, useUpdateTrackdownMutation, useDeleteTrackdownMutation } = trackdownsApi;

/**
 * Downloads a trackdown's file (GET sourceTrackdown/{id}/files/{file}, a staff call: the token goes in the
 * header, so the file is fetched and handed to the browser as a named download).
 */
export async function downloadTrackdownFile(jwt: string | null, trackdownId: number, file: { file: number; name: string }): Promise<void> {
  const res = await fetch(`/api/sourceTrackdown/${trackdownId}/files/${file.file}`, { headers: jwt ? { Authorization: `Bearer ${jwt}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The file could not be downloaded (${res.status}).`);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
