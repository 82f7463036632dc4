/** DEP IT: Import Legacy Results (decision 0021): a page below DEP IT: Beaches Database Export. */
export const LEGACY_IMPORT_PATH = '/portal/website-management/dep-it/import-results';
