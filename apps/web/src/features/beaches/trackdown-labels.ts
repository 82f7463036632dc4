import { TRACKDOWN_FILE_TYPE_NAMES } from '@beach/domain';

/** A stored file's type in words ('PDF', 'Excel (.xlsx)'), or the type itself when it has no name. */
export const fileTypeName = (type: string) => TRACKDOWN_FILE_TYPE_NAMES[type] ?? type;

/** A file's size in words: '12 KB', '3.4 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
