import type { z } from 'zod';
import type {
  importMappingDeletedSchema,
  importMappingListSchema,
  ImportMappingInput,
  ImportMappingPreview,
  ImportMappingRef,
  SavedImportMapping,
} from '@beach/domain';
import { api, payloadOf } from '../../app/api';

type MappingList = z.infer<typeof importMappingListSchema>;
type MappingDeleted = z.infer<typeof importMappingDeletedSchema>;

/** The preview's request: the file, the program whose stations it meets, and a saved mapping or one inline. */
export type PreviewRequest = { file: File; program_id: number } & ({ mapping_id: ImportMappingRef } | { mapping: ImportMappingInput });

const MAPPINGS = { type: 'Results' as const, id: 'IMPORT_MAPPINGS' };

/** Saved mappings of the mapped import and the preview of a file through one (issue 29, decision 0060). */
export const mappedImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    listImportMappings: build.query<MappingList, void>({
      query: () => 'import/mapping/',
      transformResponse: payloadOf<MappingList>,
      providesTags: [MAPPINGS],
    }),
    createImportMapping: build.mutation<SavedImportMapping, { mapping: ImportMappingInput }>({
      query: (body) => ({ url: 'import/mapping', method: 'POST', body }),
      transformResponse: payloadOf<SavedImportMapping>,
      invalidatesTags: [MAPPINGS],
    }),
    updateImportMapping: build.mutation<SavedImportMapping, { id: number; mapping: ImportMappingInput; version: number }>({
      query: ({ id, ...body }) => ({ url: `import/mapping/${id}`, method: 'PUT', body }),
      transformResponse: payloadOf<SavedImportMapping>,
      invalidatesTags: [MAPPINGS],
    }),
    deleteImportMapping: build.mutation<MappingDeleted, number>({
      query: (id) => ({ url: `import/mapping/${id}`, method: 'DELETE' }),
      transformResponse: payloadOf<MappingDeleted>,
      invalidatesTags: [MAPPINGS],
    }),
    previewImportMapping: build.mutation<ImportMappingPreview, PreviewRequest>({
      query: (request) => {
        const form = new FormData();
        const q = new URLSearchParams({ program_id: String(request.program_id) });
        if ('mapping_id' in request) q.set('mapping_id', String(request.mapping_id));
        else form.append('mapping', JSON.stringify(request.mapping));
        form.append('file', request.file, request.file.name);
        return { url: `import/mapping/preview?${q.toString()}`, method: 'POST', body: form, timeout: 60_000 };
      },
      transformResponse: payloadOf<ImportMappingPreview>,
    }),
  }),
});

export const {
  useListImportMappingsQuery,
  useCreateImportMappingMutation,
  useUpdateImportMappingMutation,
  useDeleteImportMappingMutation,
  usePreviewImportMappingMutation,
} = mappedImportApi;
