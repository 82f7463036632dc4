/**
 * Operations that still break the contract (issue 30): the areas not yet moved to the domain's schemas, listed
 * so that contract.test.ts holds every other operation to the contract now. The list may only shrink: the test
 * fails on an offender missing here and on an entry here that no longer offends (remove it). Entries name the
 * operation only; the test's output says which of its schemas are not yet the domain's.
 */
export const PENDING: Record<'noSuccess' | 'noErrors' | 'noBody' | 'foreign', readonly string[]> = {
  noSuccess: [
  ],
  noErrors: [
  ],
  noBody: [
  ],
  foreign: [
  ],
};
