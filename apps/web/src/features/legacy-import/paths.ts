/** DEP IT: Import Legacy Results (decision 0021): a page below DEP IT: Beaches Database Export. */
export const LEGACY_IMPORT_PATH = '/portal/website-management/dep-it/import-results';
/** Import Mapped Results (issue 29): any agency's file read through a saved mapping, beside the legacy import. */
export const MAPPED_IMPORT_PATH = '/portal/website-management/dep-it/import-mapped-results';
